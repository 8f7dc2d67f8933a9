#pragma once
/// The terminal: a Surface drawn with wide-character ncurses on the player's terminal.
#include <memory>
#include <optional>
#include <string>

#include "ui/surface.hpp"

namespace tercio::ui {

/// What a key press is, once curses has decoded it.
struct Key {
    int code = 0;         ///< a character (its code point) or a curses KEY_* value
    bool function = false;  ///< a KEY_* value (arrows, resize, ...), not a character
    bool none = false;      ///< no key: the input has ended (or a read was interrupted)
};

class CursesSurface final : public Surface {
  public:
    /// Starts curses on the terminal, or says why it cannot: TERM unset or unknown, or a terminal
    /// that cannot place text (no cursor addressing, as with TERM=dumb), told before anything is
    /// sent to it.
    static std::unique_ptr<CursesSurface> open(bool color, std::string& why);
    ~CursesSurface() override;
    CursesSurface(const CursesSurface&) = delete;
    CursesSurface& operator=(const CursesSurface&) = delete;

    int width() const override;
    int height() const override;
    void put(int x, int y, std::string_view text, Style style = {}) override;
    void clear() override;

    /// Shows what was drawn since the last call (curses sends only the difference).
    void present();
    /// The next key, blocking without using the CPU; a resize arrives as KEY_RESIZE.
    Key read_key();
    /// The same, waiting at most `timeout_ms` (0: only a key already typed); none when the time
    /// ran out. A read that ends early without a key (the input ended, a signal) is none too:
    /// the caller tells them apart by the time taken.
    Key read_key(int timeout_ms);
    /// Repaints the whole screen on the next present() (Ctrl-R).
    void redraw_all();
    bool has_color() const { return color_; }

  private:
    CursesSurface() = default;
    bool color_ = false;
    void* screen_ = nullptr;  ///< SCREEN*, kept opaque so that curses.h stays out of headers
};

/// The KEY_* codes the controller needs, without including curses.h.
namespace keys {
extern const int kUp, kDown, kLeft, kRight, kHome, kEnd, kPageUp, kPageDown, kResize, kBackspace, kEnter;
}

}  // namespace tercio::ui
