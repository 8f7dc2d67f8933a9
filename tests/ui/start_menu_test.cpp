// The start menu: armies, players and seed chosen by keys, drawn on a text surface.
#include <catch2/catch.hpp>

#include "tests/rules/position_fixture.hpp"
#include "ui/start_menu.hpp"

using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

std::vector<ArmyChoice> armies() {
    return {{"french", "French", "The Italian Wars", "2 Gendarmes, 2 Swiss"},
            {"ottoman", "Ottoman", "The Ottoman Wars", "2 Spahis, 4 Akinjis"},
            {"spanish", "Spanish", "The Italian Wars", "2 Pike, 1 Genitors"}};
}

std::string screen_of(const StartMenu& m, int w = 80, int h = 24) {
    TextSurface s(w, h);
    m.draw(s);
    return s.to_string();
}


StartMenu::Outcome press(StartMenu& m, KeyPress k, int times = 1) {
    StartMenu::Outcome o = StartMenu::Outcome::Open;
    for (int i = 0; i < times; ++i) o = m.handle(k);
    return o;
}

}  // namespace

TEST_CASE("the start menu opens on Start with the given armies and a random seed", "[ui][menu]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    const std::string s = screen_of(m);
    CHECK(contains(s, "Army        < French >  The Italian Wars"));
    CHECK(contains(s, "Army        < Spanish >"));
    CHECK(contains(s, "Seed        < random >"));
    CHECK(contains(s, " >             [ Start the battle ]"));
    CHECK(contains(s, "A French: 2 Gendarmes, 2 Swiss"));
    CHECK(contains(s, "B Spanish: 2 Pike, 1 Genitors"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Start);
    CHECK(m.army(0).id == "french");
    CHECK(m.army(1).id == "spanish");
    CHECK_FALSE(m.setup().seed);
}

TEST_CASE("Left and Right change the armies, digits type the seed", "[ui][menu]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    press(m, KeyPress::of(K::Up), 5);  // from Start up to side A's army
    press(m, KeyPress::of(K::Right));
    CHECK(m.army(0).id == "ottoman");
    press(m, KeyPress::of(K::Down), 2);  // side B's army
    press(m, KeyPress::of(K::Right));     // spanish wraps round to french
    CHECK(m.army(1).id == "french");
    press(m, KeyPress::of(K::Left), 2);
    CHECK(m.army(1).id == "ottoman");
    press(m, KeyPress::of(K::Down), 2);  // the seed
    for (char c : std::string("120")) m.handle(KeyPress::character(static_cast<char32_t>(c)));
    m.handle(KeyPress::of(K::Backspace));
    CHECK(m.setup().seed == 12u);
    CHECK(contains(screen_of(m), "Seed        < 12 >"));
    m.handle(KeyPress::character('r'));
    CHECK_FALSE(m.setup().seed);
    m.handle(KeyPress::character('5'));
    // Enter on the seed goes to Start; Enter again starts.
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Open);
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Start);
    CHECK(m.setup().seed == 5u);
}

TEST_CASE("Left and Right choose a person or the computer at each level for each side, and q quits", "[ui][menu][ai]") {
    StartMenu m(armies(), GameSetup{});
    CHECK(contains(screen_of(m), "A new game. Two players share this keyboard, taking turns."));
    press(m, KeyPress::of(K::Up), 2);  // side B: played by
    const std::vector<std::string> shown = {"the computer, random >  any legal command",
                                            "the computer, easy >  for a first game", "the computer, normal >",
                                            "the computer, hard >  thinks longer",
                                            "the computer, expert >  thinks ten times as long as hard",
                                            "a person at this keyboard >"};
    const std::vector<std::optional<tercio::ai::Level>> levels = {tercio::ai::Level::Random, tercio::ai::Level::Easy,
                                                                  tercio::ai::Level::Normal, tercio::ai::Level::Hard,
                                                                  tercio::ai::Level::Expert, std::nullopt};
    for (std::size_t i = 0; i < shown.size(); ++i) {
        m.handle(KeyPress::of(K::Right));
        INFO(i);
        CHECK(m.setup().computer[1] == levels[i]);
        CHECK(contains(screen_of(m), "Played by   < " + shown[i]));
        CHECK_FALSE(m.setup().computer[0]);
    }
    // Left goes back round; Enter and Space step on too.
    m.handle(KeyPress::of(K::Left));
    CHECK(m.setup().computer[1] == tercio::ai::Level::Expert);
    CHECK(m.message() == "Side B: the computer, expert.");
    const std::string s = screen_of(m);
    CHECK(contains(s, "A new game against the computer."));
    m.handle(KeyPress::of(K::Enter));
    CHECK_FALSE(m.setup().computer[1]);
    m.handle(KeyPress::character(' '));
    CHECK(m.setup().computer[1] == tercio::ai::Level::Random);
    // Side A too: the computer may play both sides, and the player watches.
    press(m, KeyPress::of(K::Up), 2);
    m.handle(KeyPress::of(K::Left));
    CHECK(m.setup().computer[0] == tercio::ai::Level::Expert);
    CHECK(contains(m.message(), "The computer plays both sides: you watch."));
    CHECK(contains(screen_of(m), "A new game, the computer against itself: you watch."));
    CHECK(m.handle(KeyPress::character('s')) == StartMenu::Outcome::Start);
    CHECK(m.setup().computer[0] == tercio::ai::Level::Expert);
    CHECK(m.setup().computer[1] == tercio::ai::Level::Random);
    CHECK(m.handle(KeyPress::character('q')) == StartMenu::Outcome::Quit);
    StartMenu n(armies(), GameSetup{});
    press(n, KeyPress::of(K::Down), 3);  // Start, Host a game, Join a game, Quit
    CHECK(n.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Quit);
}

TEST_CASE("the start menu shows the computer chosen beforehand", "[ui][menu][ai]") {
    GameSetup setup{{0, 2}, {}, std::nullopt};
    setup.computer[1] = tercio::ai::Level::Normal;
    StartMenu m(armies(), setup);
    const std::string s = screen_of(m);
    CHECK(contains(s, "A new game against the computer."));
    CHECK(contains(s, "Played by   < a person at this keyboard >"));
    CHECK(contains(s, "Played by   < the computer, normal >"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Start);
    CHECK(m.setup().computer[1] == tercio::ai::Level::Normal);
}

TEST_CASE("the start menu says when the terminal is too small, and uses no colour when asked", "[ui][menu]") {
    StartMenu m(armies(), GameSetup{}, false);
    CHECK(screen_of(m, 60, 20).rfind("terminal too small: need 80x24, have 60x20", 0) == 0);
    TextSurface s(80, 24);
    m.draw(s);
    for (int y = 0; y < 24; ++y) {
        for (int x = 0; x < 80; ++x) REQUIRE(s.style(x, y).fg == Color::Default);
    }
}

TEST_CASE("an unfinished game is offered first, and Enter or c continues it", "[ui][menu][save]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    // Without one, Down from Join a game goes to Quit: there is no Continue line.
    CHECK_FALSE(contains(screen_of(m), "Continue"));
    CHECK(press(m, KeyPress::of(K::Down), 3) == StartMenu::Outcome::Open);
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Quit);
    CHECK(m.handle(KeyPress::character('c')) == StartMenu::Outcome::Open);

    StartMenu c(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    c.offer_continue({{"French v Spanish, turn 3", "you v the computer (normal), played 11-23 16:35", ""}});
    const std::string s = screen_of(c);
    CHECK(contains(s, " >             [ Continue ]  French v Spanish, turn 3\n"
                      "                             you v the computer (normal), played 11-23 16:35"));
    CHECK(contains(s, "c continue"));
    CHECK(c.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Continue);
    // Up goes past Join a game and Host a game to Start, which starts a new game instead; c
    // continues from anywhere.
    CHECK(press(c, KeyPress::of(K::Up), 3) == StartMenu::Outcome::Open);
    CHECK(c.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Start);
    CHECK(c.handle(KeyPress::character('c')) == StartMenu::Outcome::Continue);
    // Down from Continue goes to Quit, and round to the first line.
    press(c, KeyPress::of(K::Down), 4);
    CHECK(c.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Quit);
    press(c, KeyPress::of(K::Down));
    c.handle(KeyPress::of(K::Right));
    CHECK(c.army(0).id == "ottoman");
}

TEST_CASE("Host a game hosts the armies chosen, with the computer or a friend on the other side", "[ui][menu][net]") {
    // Side B is the computer's, as the menu first offers: hosting is a solo game others watch.
    GameSetup setup{{0, 2}, {}, 7};
    setup.computer[1] = tercio::ai::Level::Hard;
    StartMenu m(armies(), setup);
    CHECK(contains(screen_of(m), "[ Host a game ]  you play A; B the computer (others may watch)"));
    CHECK(contains(screen_of(m), "[ Join a game ]  running on this server"));
    press(m, KeyPress::of(K::Down));
    CHECK(contains(screen_of(m), " >             [ Host a game ]  you play A; B the computer (others may watch)"));
    CHECK(m.message() == "Hosted, the other side is a friend's (if a person) or the computer's.");
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Host);
    REQUIRE(m.hosting());
    CHECK(m.hosting()->you == tercio::rules::Side::A);
    CHECK(m.hosting()->other == tercio::ai::Level::Hard);
    CHECK(m.setup().seed == 7u);
    CHECK(m.army(1).id == "spanish");

    // Side B a person: the friend who joins with the code.
    press(m, KeyPress::of(K::Up), 3);  // Host, Start, Seed, side B's player
    press(m, KeyPress::of(K::Right), 2);  // hard, then expert, then a person
    REQUIRE_FALSE(m.setup().computer[1]);
    press(m, KeyPress::of(K::Down), 3);
    CHECK(contains(screen_of(m), "[ Host a game ]  you play A; a friend joins B with a code"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Host);
    CHECK(m.hosting()->you == tercio::rules::Side::A);
    CHECK_FALSE(m.hosting()->other);

    // Side A the computer's: this keyboard plays B.
    press(m, KeyPress::of(K::Down), 4);  // Join, Quit, Army A, Player A
    m.handle(KeyPress::of(K::Left));
    CHECK(m.setup().computer[0] == tercio::ai::Level::Expert);
    CHECK(m.hosting()->you == tercio::rules::Side::B);
    CHECK(m.hosting()->other == tercio::ai::Level::Expert);

    // Both the computer's: nothing to host, and the menu says why.
    press(m, KeyPress::of(K::Down), 2);
    m.handle(KeyPress::of(K::Left));
    CHECK(m.setup().computer[1] == tercio::ai::Level::Expert);
    CHECK_FALSE(m.hosting());
    press(m, KeyPress::of(K::Down), 3);  // Seed, Start, Host
    CHECK(contains(screen_of(m), "[ Host a game ]  set a side to a person first"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Open);
    CHECK(m.message() == "The computer plays both sides: set one side to a person to host a game.");

    // Join a game is the line below.
    press(m, KeyPress::of(K::Down));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Join);
}

TEST_CASE("Continue offers every unfinished game: Left and Right choose, one open elsewhere says so and stays",
          "[ui][menu][save]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    m.offer_continue({{"French v Spanish, turn 3", "you v the computer (normal), played 11-26 07:55", ""},
                      {"Ottoman v Spanish, turn 9", "two players at one keyboard, played 11-25 21:10",
                       "open in another session: quit it there first"},
                      {"Spanish v French, the set-up", "you v the computer (hard), played 11-20 10:02", ""}});
    CHECK(m.message() == "Left/Right choose among your 3 unfinished games; Enter goes on with it.");
    std::string s = screen_of(m);
    CHECK(contains(s, "[ Continue ]  1 of 3: French v Spanish, turn 3\n"));
    CHECK(m.continue_choice() == 0);
    // When the newest is open elsewhere, the menu starts on the next one.
    StartMenu later(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    later.offer_continue({{"Ottoman v Spanish, turn 9", "", "open in another session: quit it there first"},
                          {"French v Spanish, turn 3", "you v the computer (normal), played 11-26 07:55", ""}});
    CHECK(later.continue_choice() == 1);
    m.handle(KeyPress::of(K::Right));
    s = screen_of(m);
    CHECK(contains(s, "[ Continue ]  2 of 3: Ottoman v Spanish, turn 9\n"
                      "                             open in another session: quit it there first"));
    // Enter on it says why and stays in the menu; so does c.
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Open);
    CHECK(m.message() == "Ottoman v Spanish, turn 9: open in another session: quit it there first.");
    CHECK(m.handle(KeyPress::character('c')) == StartMenu::Outcome::Open);
    m.handle(KeyPress::of(K::Right));
    CHECK(m.continue_choice() == 2);
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Continue);
    m.handle(KeyPress::of(K::Right));  // round to the first
    CHECK(m.continue_choice() == 0);
    m.handle(KeyPress::of(K::Left));
    CHECK(m.continue_choice() == 2);
}

TEST_CASE("the start menu offers a choice of ruleset, each with its own armies and levels", "[ui][menu][hbl]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {std::nullopt, tercio::ai::Level::Hard}, std::nullopt});
    // Without a choice of rules there is no Rules line.
    CHECK_FALSE(contains(screen_of(m), "Rules"));
    RulesetChoice ps{"pikette-squared", "Pikette Squared", armies(), {}};
    ps.levels = {tercio::ai::kLevels.begin(), tercio::ai::kLevels.end()};
    RulesetChoice hbl{"hell-broke-loose", "Hell Broke Loose",
                      {{"french", "French", "The Italian Wars", "2 Gendarmes, 2 Swiss pike"},
                       {"moorish", "Moorish", "The Reconquista", "4 Jinetes"},
                       {"spanish", "Spanish", "The Italian Wars", "2 Colunelas"}},
                      {tercio::ai::Level::Random, tercio::ai::Level::Normal}};
    m.offer_rulesets({ps, hbl}, 0);
    std::string s = screen_of(m);
    CHECK(contains(s, "tercio: Renaissance battles by the Pikette Squared rules"));
    CHECK(contains(s, "Rules       < Pikette Squared >  1 of 2"));
    // From Start up past the seed, the players and the armies to the Rules line.
    press(m, KeyPress::of(K::Up), 6);
    CHECK(m.row() == 0);
    press(m, KeyPress::of(K::Right));
    CHECK(m.ruleset_choice() == 1);
    s = screen_of(m);
    CHECK(contains(s, "tercio: Renaissance battles by the Hell Broke Loose rules"));
    CHECK(contains(s, "Rules       < Hell Broke Loose >  2 of 2"));
    // The armies chosen are kept by id; the level its computer lacks becomes its strongest.
    CHECK(m.army(0).id == "french");
    CHECK(m.army(0).units == "2 Gendarmes, 2 Swiss pike");
    CHECK(m.army(1).id == "spanish");
    CHECK(m.setup().computer[1] == tercio::ai::Level::Normal);
    CHECK(contains(s, "A French: 2 Gendarmes, 2 Swiss pike"));
    // Side B's player goes round its two levels and a person.
    press(m, KeyPress::of(K::Down), 4);
    press(m, KeyPress::of(K::Right));
    CHECK_FALSE(m.setup().computer[1]);
    press(m, KeyPress::of(K::Right));
    CHECK(m.setup().computer[1] == tercio::ai::Level::Random);
    // Every ruleset can be hosted: Enter on Host hosts the one chosen (side A is a person's).
    press(m, KeyPress::of(K::Down), 3);
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Host);
    CHECK(m.ruleset_choice() == 1);
    // Back to Pikette Squared and round: the Rules line wraps.
    press(m, KeyPress::of(K::Up), 7);
    CHECK(m.row() == 0);
    press(m, KeyPress::of(K::Right));
    CHECK(m.ruleset_choice() == 0);
    CHECK(m.army(1).id == "spanish");
}

TEST_CASE("the start menu's two bottom lines say different things: the keys once", "[ui][menu][issue-40]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    TextSurface s(80, 24);
    m.draw(s);
    const std::string all = s.to_string();
    std::vector<std::string> rows;
    for (std::size_t at = 0, nl; at < all.size(); at = nl + 1) {
        nl = all.find('\n', at);
        if (nl == std::string::npos) nl = all.size();
        rows.push_back(all.substr(at, nl - at));
    }
    REQUIRE(rows.size() >= 24);
    CHECK(contains(rows[22], "Up/Down line, Left/Right change, Enter or s start, q quit"));
    CHECK_FALSE(contains(rows[23], "Up/Down"));
    CHECK_FALSE(contains(rows[23], "Left/Right"));
    CHECK(contains(rows[23], "Choose the armies and who plays each side, then Start the battle."));
}

TEST_CASE("a ruleset's optional rules are an Options line of the start menu: Left/Right choose one, Enter turns it on or off",
          "[ui][menu][options]") {
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    RulesetChoice plain{"pikette-squared", "Pikette Squared", armies(), {}};
    RulesetChoice with{"the-sword-and-the-pike", "The Sword and the Pike", armies(), {}};
    with.options = {{"quicker-movement", "Quicker movement", "a D4 of units move on each card."},
                    {"light-rain", "Light rain", "+2 to every fire die."}};
    m.offer_rulesets({plain, with}, 0);
    // A ruleset without optional rules has no Options line, and Up from Start skips it.
    CHECK_FALSE(contains(screen_of(m), "Options"));
    press(m, KeyPress::of(K::Up));
    CHECK(contains(screen_of(m), "> Seed"));
    // The other ruleset: its first optional rule, off.
    press(m, KeyPress::of(K::Up), 5);
    REQUIRE(m.row() == 0);
    press(m, KeyPress::of(K::Right));
    press(m, KeyPress::of(K::Down), 6);
    std::string s = screen_of(m);
    INFO(s);
    // A ruleset whose name has its own "The" is not given another.
    CHECK(contains(s, "tercio: Renaissance battles by The Sword and the Pike rules"));
    CHECK(contains(s, "> Options     < Quicker movement: off >  1 of 2, Enter on/off"));
    CHECK(contains(s, "Quicker movement: a D4 of units move on each card."));
    // Right shows the second; Enter turns it on.
    press(m, KeyPress::of(K::Right));
    CHECK(contains(screen_of(m), "< Light rain: off >  2 of 2"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Open);
    CHECK(m.setup().options == std::vector<std::string>{"light-rain"});
    CHECK(contains(screen_of(m), "Light rain on: +2 to every fire die."));
    // Both on, kept in the ruleset's order; the line says which are on once left.
    press(m, KeyPress::of(K::Left));
    press(m, KeyPress::of(K::Enter));
    CHECK(m.setup().options == std::vector<std::string>{"quicker-movement", "light-rain"});
    press(m, KeyPress::of(K::Down));
    CHECK(contains(screen_of(m), "on: Quicker movement, Light rain"));
    // Off again.
    press(m, KeyPress::of(K::Up));
    press(m, KeyPress::of(K::Enter));
    CHECK(m.setup().options == std::vector<std::string>{"light-rain"});
    // Another ruleset's optional rules mean nothing: changing the rules turns them off.
    press(m, KeyPress::of(K::Up), 6);
    REQUIRE(m.row() == 0);
    press(m, KeyPress::of(K::Right));
    CHECK(m.setup().options.empty());
    press(m, KeyPress::of(K::Right));
    CHECK(m.setup().options.empty());
    CHECK(contains(screen_of(m), "Options     < Quicker movement: off >  none on"));
}

TEST_CASE("Replay a game is the line above Quit, when offered, and Enter on it opens the finished games",
          "[ui][menu][replay]") {
    // Not offered: no such line, and Down from Join a game goes to Quit.
    StartMenu plain(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    CHECK_FALSE(contains(screen_of(plain), "Replay a game"));

    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    m.offer_replay("your finished games");
    std::string s = screen_of(m);
    CHECK(contains(s, "   [ Join a game ]  running on this server\n"
                      "               [ Replay a game ]  your finished games\n"
                      "               [ Quit ]"));
    // Start, Host a game, Join a game, Replay a game.
    press(m, KeyPress::of(K::Down), 3);
    CHECK(contains(screen_of(m), " >             [ Replay a game ]  your finished games"));
    CHECK(m.message() == "Replay a game lists the finished games, the last played first.");
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Replay);
    // What became of the replay is said on the bottom line, and the cursor stays there.
    m.show_message("Back from the replay of French v Spanish, turn 7, A won.");
    s = screen_of(m);
    CHECK(contains(s, "Back from the replay of French v Spanish, turn 7, A won."));
    CHECK(contains(s, " >             [ Replay a game ]"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Replay);
    press(m, KeyPress::of(K::Down));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Quit);

    // With unfinished games too: Continue, then Replay a game, then Quit.
    StartMenu c(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    c.offer_continue({{"French v Spanish, turn 3", "you v the computer (normal), played 11-23 16:35", ""}});
    c.offer_replay("the finished games of every player");
    s = screen_of(c);
    CHECK(contains(s, "                             you v the computer (normal), played 11-23 16:35\n"
                      "               [ Replay a game ]  the finished games of every player\n"
                      "               [ Quit ]"));
    press(c, KeyPress::of(K::Down));
    CHECK(c.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Replay);
    press(c, KeyPress::of(K::Up));
    CHECK(c.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Continue);
}

TEST_CASE("Continue offers a seat held in a game served here beside the saves", "[ui][menu][net]") {
    // The app adds the seat after the saves: Left/Right reach it, and Enter continues it.
    StartMenu m(armies(), GameSetup{{0, 2}, {}, std::nullopt});
    m.offer_continue({{"French v Spanish, turn 3", "you v the computer (normal), played 11-23 16:35", ""},
                      {"Ottoman v Spanish, turn 2", "hosted by alice: Continue takes your seat back", ""}});
    m.handle(KeyPress::of(K::Right));
    CHECK(m.continue_choice() == 1);
    CHECK(contains(screen_of(m), "[ Continue ]  2 of 2: Ottoman v Spanish, turn 2\n"
                                 "                             hosted by alice: Continue takes your seat back"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == StartMenu::Outcome::Continue);
}
