// The first screen of tercio lobby (docs/server.md): log in, register, quit; what is typed and
// what is shown (never the password).
#include "ui/login_screen.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace tercio::ui;
using K = KeyPress::Kind;
using O = LoginScreen::Outcome;

namespace {

O type(LoginScreen& s, const std::string& text) {
    O last = O::Open;
    for (const char c : text) last = s.handle(KeyPress::character(static_cast<unsigned char>(c)));
    return last;
}

std::string shown(const LoginScreen& s) {
    TextSurface out(80, 24);
    s.draw(out);
    return out.to_string();
}

}  // namespace

TEST_CASE("the login screen offers log in register and quit by key", "[ui][lobby]") {
    LoginScreen s("3 players registered here, 1 game running.");
    const std::string screen = shown(s);
    CHECK(screen.find("l  Log in") != std::string::npos);
    CHECK(screen.find("r  Register a new player") != std::string::npos);
    CHECK(screen.find("q  Quit") != std::string::npos);
    CHECK(screen.find("3 players registered here") != std::string::npos);
    CHECK(s.handle(KeyPress::character('q')) == O::Quit);
    LoginScreen t;
    CHECK(t.handle(KeyPress::of(K::Down)) == O::Open);
    CHECK(t.handle(KeyPress::of(K::Down)) == O::Open);
    CHECK(t.handle(KeyPress::of(K::Enter)) == O::Quit);
    LoginScreen u;
    CHECK(u.handle(KeyPress::of(K::Interrupt)) == O::Quit);
}

TEST_CASE("logging in takes a name then a password that is never shown", "[ui][lobby]") {
    LoginScreen s;
    CHECK(s.handle(KeyPress::character('l')) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Name);
    // Characters a name cannot have are refused as typed.
    type(s, "al ice.");
    CHECK(s.name() == "alice");
    CHECK(s.message().find("A-Z, a-z, 0-9") != std::string::npos);
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Password);
    type(s, "s3cret p");
    s.handle(KeyPress::character(U'ä'));  // a key is a character, whatever its bytes
    type(s, "ssword");
    const std::string screen = shown(s);
    CHECK(screen.find("s3cret") == std::string::npos);
    CHECK(screen.find("Password:  ***************_") != std::string::npos);
    CHECK(screen.find("Name:      alice") != std::string::npos);
    // Backspace takes off a whole character, even one of several bytes.
    s.handle(KeyPress::character(U'é'));
    s.handle(KeyPress::of(K::Backspace));
    CHECK(s.password() == "s3cret pässword");
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::LogIn);
    CHECK(s.name() == "alice");
    CHECK(s.password() == "s3cret pässword");
    // A wrong password: typed again, the name kept.
    s.refused("Wrong password for alice.");
    CHECK(s.password().empty());
    CHECK(s.field() == LoginScreen::Field::Password);
    CHECK(shown(s).find("Wrong password for alice.") != std::string::npos);
    // A name that cannot be had: typed again from the name.
    s.refused("The administrator has locked the name alice.", LoginScreen::Retry::Name);
    CHECK(s.name().empty());
    CHECK(s.field() == LoginScreen::Field::Name);
    // A name nobody has: back to the menu, where r registers it, as the message says.
    type(s, "zed");
    s.refused("No player is named zed: press r to register the name.", LoginScreen::Retry::Menu);
    CHECK(s.field() == LoginScreen::Field::Menu);
    CHECK(s.handle(KeyPress::character('r')) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Name);
    CHECK(s.name().empty());
    // Esc goes back to the menu, forgetting what was typed.
    type(s, "bob");
    CHECK(s.handle(KeyPress::of(K::Escape)) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Menu);
    CHECK(s.name().empty());
}

TEST_CASE("registering asks the password twice and a mismatch asks again", "[ui][lobby]") {
    LoginScreen s;
    s.handle(KeyPress::character('r'));
    type(s, "carol");
    s.handle(KeyPress::of(K::Enter));
    type(s, "short");
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::Open);
    CHECK(s.message().find("at least 6") != std::string::npos);
    CHECK(s.password().empty());
    type(s, "long enough");
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Again);
    type(s, "long enougH");
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::Open);
    CHECK(s.field() == LoginScreen::Field::Password);
    CHECK(s.message().find("differ") != std::string::npos);
    type(s, "long enough");
    s.handle(KeyPress::of(K::Enter));
    type(s, "long enough");
    CHECK(s.handle(KeyPress::of(K::Enter)) == O::Register);
    CHECK(s.name() == "carol");
    CHECK(s.password() == "long enough");
    s.forget_password();
    CHECK(s.password().empty());
}

TEST_CASE("the login screen says when the terminal is too small", "[ui][lobby]") {
    LoginScreen s;
    TextSurface out(60, 20);
    s.draw(out);
    CHECK(out.to_string().find("too small") != std::string::npos);
}
