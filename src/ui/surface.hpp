#pragma once
/// The narrow drawing port of the terminal UI: put text at a position with a style. The curses
/// terminal, the in-memory text surface of the snapshot tests and headless runs all implement it,
/// so every pane is drawn and tested without a terminal.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tercio::ui {

/// The 8 colours every colour terminal has. Information is never carried by colour alone.
enum class Color : std::uint8_t { Default, Red, Green, Yellow, Blue, Magenta, Cyan, White };

struct Style {
    Color fg = Color::Default;
    bool bold = false;
    bool reverse = false;
    bool underline = false;
    bool dim = false;
    friend bool operator==(const Style&, const Style&) = default;
};
/// Dim text: a menu's notes and hints.
inline const Style kDim{Color::Default, false, false, false, true};

/// A rectangle of cells: x, y of the top left corner, width and height.
struct Rect {
    int x = 0;
    int y = 0;
    int w = 0;
    int h = 0;
};

class Surface {
  public:
    virtual ~Surface() = default;
    virtual int width() const = 0;
    virtual int height() const = 0;
    /// Writes UTF-8 `text` from (x, y) to the right, one cell per code point, clipped to the
    /// surface: nothing is written outside it, and nothing wraps.
    virtual void put(int x, int y, std::string_view text, Style style = {}) = 0;
    /// Blanks every cell.
    virtual void clear() = 0;
};

/// A surface in memory, for snapshot tests: `to_string()` is the screen as text.
class TextSurface final : public Surface {
  public:
    TextSurface(int width, int height);
    int width() const override { return width_; }
    int height() const override { return height_; }
    void put(int x, int y, std::string_view text, Style style = {}) override;
    void clear() override;

    /// The rows joined by '\n', trailing blanks of each row removed.
    std::string to_string() const;
    /// The code point in a cell ("" outside the surface).
    const std::string& cell(int x, int y) const;
    Style style(int x, int y) const;

  private:
    int width_;
    int height_;
    std::vector<std::string> cells_;  ///< one UTF-8 code point per cell, row by row
    std::vector<Style> styles_;
};

/// Splits UTF-8 text into code points (malformed bytes become '?').
std::vector<std::string> code_points(std::string_view text);

/// One code point as UTF-8.
std::string utf8(char32_t c);

}  // namespace tercio::ui
