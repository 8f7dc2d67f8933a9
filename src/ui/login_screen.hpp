#pragma once
/// The first screen of `tercio lobby`, the public server's one shared game account: log in, register
/// a new player, or quit. Pure: it takes keys and draws on a Surface; the app checks the name and
/// password against the server's accounts and says how that went (refused()).
#include <string>

#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

class LoginScreen {
  public:
    enum class Outcome { Open, LogIn, Register, Quit };
    /// `server`: a line on the server, under the title ("3 games running here; 12 players").
    explicit LoginScreen(std::string server = {});

    Outcome handle(const KeyPress& key);
    void draw(Surface& out) const;

    /// The name and password typed (LogIn, Register).
    const std::string& name() const { return name_; }
    const std::string& password() const { return password_; }
    /// What is typed again after a refusal: the password (a wrong one), the name (one taken, or
    /// locked), or nothing: back to the menu (a name nobody has, which r may register).
    enum class Retry { Password, Name, Menu };
    /// The attempt failed: `why` is shown and the password is forgotten; `retry` says what next.
    void refused(std::string why, Retry retry = Retry::Password);
    /// A line for the player (logged out, a game's end), shown until the next key.
    void show_message(std::string text) { message_ = std::move(text); }
    void set_server(std::string line) { server_ = std::move(line); }
    /// Overwrites the password typed (and the repeat) with zeros, then empties them.
    void forget_password();
    const std::string& message() const { return message_; }

    /// The line a key is on: the menu, or the name, password or repeat being typed.
    enum class Field { Menu, Name, Password, Again };
    Field field() const { return field_; }

  private:
    /// Starts typing a name for `log_in` (true) or to register (false).
    void start(bool log_in);
    Outcome enter();
    std::string server_;
    Field field_ = Field::Menu;
    int row_ = 0;  ///< the menu line chosen: log in, register, quit
    bool registering_ = false;
    std::string name_;
    std::string password_;
    std::string again_;
    std::string message_;
};

}  // namespace tercio::ui
