#include "ui/start_menu.hpp"

#include <algorithm>

#include "ui/log.hpp"

namespace tercio::ui {

namespace {

constexpr const char* kPerson = "a person at this keyboard";

/// "a person at this keyboard" or "the computer, normal".
std::string player_text(const std::optional<ai::Level>& level) {
    return level ? "the computer, " + std::string(ai::level_name(*level)) : std::string(kPerson);
}

/// A few words on a level, beside it.
std::string level_note(const std::optional<ai::Level>& level) {
    if (!level) return "";
    switch (*level) {
        case ai::Level::Random: return "any legal command";
        case ai::Level::Easy: return "for a first game";
        case ai::Level::Normal: return "";
        case ai::Level::Hard: return "thinks longer";
        case ai::Level::Expert: return "thinks ten times as long as hard";
    }
    return "";
}

/// What Host a game would do, in a few words, beside it.
std::string hosting_note(const std::optional<Hosting>& h) {
    if (!h) return "set a side to a person first";
    const std::string you(1, core::side_letter(h->you));
    const std::string other(1, core::side_letter(core::other(h->you)));
    if (!h->other) return "you play " + you + "; a friend joins " + other + " with a code";
    return "you play " + you + "; " + other + " the computer (others may watch)";
}

}  // namespace

std::optional<Hosting> StartMenu::hosting() const {
    const auto& c = setup_.computer;
    if (c[0] && c[1]) return std::nullopt;
    // This keyboard plays A unless the computer does; the other side is the computer's or a friend's.
    const core::Side you = c[0] ? core::Side::B : core::Side::A;
    return Hosting{you, c[core::idx(core::other(you))]};
}

StartMenu::StartMenu(std::vector<ArmyChoice> armies, GameSetup initial, bool color)
    : armies_(std::move(armies)), color_(color), setup_(initial) {
    if (armies_.empty()) armies_.push_back(ArmyChoice{"?", "no army", "", ""});
    for (auto& a : setup_.army) a = std::min(a, armies_.size() - 1);
    if (setup_.seed) seed_text_ = std::to_string(*setup_.seed);
    // Not the keys again: the line above it lists them.
    message_ = "Choose the armies and who plays each side, then Start the battle.";
}

void StartMenu::offer_continue(std::vector<SavedChoice> games) {
    continue_ = std::move(games);
    // The newest game that can be continued here comes first.
    const auto free = std::find_if(continue_.begin(), continue_.end(), [](const SavedChoice& g) { return g.blocked.empty(); });
    continue_at_ = free == continue_.end() ? 0 : static_cast<std::size_t>(free - continue_.begin());
    if (continue_.empty()) return;
    row_ = Continue;
    message_ = continue_.size() == 1
                   ? "Enter on Continue goes on with your unfinished game; or set up a new one."
                   : "Left/Right choose among your " + std::to_string(continue_.size()) +
                         " unfinished games; Enter goes on with it.";
}

void StartMenu::offer_replay(std::string note) { replay_ = std::move(note); }

void StartMenu::offer_rulesets(std::vector<RulesetChoice> rulesets, std::size_t chosen) {
    rulesets_ = std::move(rulesets);
    if (rulesets_.empty()) return;
    // The armies given to the constructor are those of the ruleset chosen first.
    ruleset_at_ = std::min(chosen, rulesets_.size() - 1);
    choose_ruleset(ruleset_at_);
}

const std::vector<RuleOption>& StartMenu::rule_options() const {
    static const std::vector<RuleOption> none;
    return rulesets_.empty() ? none : rulesets_[ruleset_at_].options;
}

bool StartMenu::option_on(const std::string& name) const {
    return std::find(setup_.options.begin(), setup_.options.end(), name) != setup_.options.end();
}

void StartMenu::toggle_option() {
    const auto& all = rule_options();
    if (all.empty()) return;
    const RuleOption& o = all[option_at_];
    const bool on = !option_on(o.name);
    // Kept in the order the ruleset offers them.
    std::vector<std::string> chosen;
    for (const RuleOption& r : all) {
        if (r.name == o.name ? on : option_on(r.name)) chosen.push_back(r.name);
    }
    setup_.options = std::move(chosen);
    message_ = o.title + (on ? " on: " : " off: ") + o.help;
}

std::vector<ai::Level> StartMenu::levels() const {
    if (rulesets_.empty()) return {ai::kLevels.begin(), ai::kLevels.end()};
    return rulesets_[ruleset_at_].levels;
}

void StartMenu::choose_ruleset(std::size_t i) {
    const std::string ids[2] = {army(0).id, army(1).id};
    ruleset_at_ = i;
    armies_ = rulesets_[i].armies;
    // Its optional rules start off: those of another ruleset mean nothing here.
    setup_.options.clear();
    option_at_ = 0;
    if (armies_.empty()) armies_.push_back(ArmyChoice{"?", "no army", "", ""});
    for (std::size_t side = 0; side < 2; ++side) {
        const auto same = std::find_if(armies_.begin(), armies_.end(), [&](const ArmyChoice& a) { return a.id == ids[side]; });
        setup_.army[side] = same == armies_.end() ? std::min(setup_.army[side], armies_.size() - 1)
                                                  : static_cast<std::size_t>(same - armies_.begin());
    }
    // A level the ruleset's computer does not have becomes its strongest.
    const auto lv = levels();
    for (auto& who : setup_.computer) {
        if (who && !lv.empty() && std::find(lv.begin(), lv.end(), *who) == lv.end()) who = lv.back();
    }
}

void StartMenu::step(int delta) {
    do {
        row_ = (row_ + kRows + delta) % kRows;
    } while ((row_ == Continue && continue_.empty()) || (row_ == Replay && !replay_) ||
             (row_ == Ruleset && rulesets_.size() < 2) ||
             (row_ == Options && rule_options().empty()));
    if (row_ == Options) {
        const RuleOption& o = rule_options()[option_at_];
        message_ = o.title + ": " + o.help;
    } else if (row_ == Host) {
        message_ = "Hosted, the other side is a friend's (if a person) or the computer's.";
    } else if (row_ == Join) {
        message_ = "Join a game lists the games running on this server.";
    } else if (row_ == Replay) {
        message_ = "Replay a game lists the finished games, the last played first.";
    }
}

void StartMenu::change(int delta) {
    const auto n = static_cast<int>(armies_.size());
    switch (row_) {
        case Ruleset: {
            const auto r = static_cast<int>(rulesets_.size());
            choose_ruleset(static_cast<std::size_t>((static_cast<int>(ruleset_at_) + delta % r + r) % r));
            message_ = rulesets_[ruleset_at_].name + ": " + std::to_string(armies_.size()) + " armies.";
            break;
        }
        case ArmyA:
        case ArmyB: {
            auto& a = setup_.army[row_ == ArmyA ? 0 : 1];
            a = static_cast<std::size_t>((static_cast<int>(a) + delta + n) % n);
            message_.clear();
            break;
        }
        case PlayerA:
        case PlayerB: {
            // A person, then the computer at each level, round and round.
            const std::size_t side = row_ == PlayerA ? 0 : 1;
            auto& who = setup_.computer[side];
            const auto lv = levels();
            const int choices = static_cast<int>(lv.size()) + 1;
            const int at = who ? static_cast<int>(std::find(lv.begin(), lv.end(), *who) - lv.begin()) + 1 : 0;
            const int next = (at + delta % choices + choices) % choices;
            who = next == 0 ? std::nullopt : std::optional<ai::Level>(lv[static_cast<std::size_t>(next - 1)]);
            message_ = std::string(side == 0 ? "Side A" : "Side B") + ": " + player_text(who) + ".";
            if (setup_.computer[0] && setup_.computer[1]) message_ += " The computer plays both sides: you watch.";
            break;
        }
        case Continue: {
            const auto n2 = static_cast<int>(continue_.size());
            continue_at_ = static_cast<std::size_t>((static_cast<int>(continue_at_) + delta % n2 + n2) % n2);
            const SavedChoice& g = continue_[continue_at_];
            message_ = g.blocked.empty() ? "Continue: " + g.title + "." : g.title + ": " + g.blocked + ".";
            break;
        }
        case Options: {
            const auto r = static_cast<int>(rule_options().size());
            option_at_ = static_cast<std::size_t>((static_cast<int>(option_at_) + delta % r + r) % r);
            const RuleOption& o = rule_options()[option_at_];
            message_ = o.title + ": " + o.help;
            break;
        }
        case Seed:
            seed_text_.clear();
            setup_.seed.reset();
            message_ = "Seed: random. Type digits for a chosen seed (the same seed, the same dice).";
            break;
        default:
            break;
    }
}

StartMenu::Outcome StartMenu::try_continue() {
    const SavedChoice& g = continue_[continue_at_];
    if (g.blocked.empty()) return Outcome::Continue;
    message_ = g.title + ": " + g.blocked + ".";
    return Outcome::Open;
}

StartMenu::Outcome StartMenu::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    const bool ch = k.kind == K::Char;
    if (k.kind == K::Up || (ch && k.ch == 'k')) {
        step(-1);
    } else if (k.kind == K::Down || k.kind == K::Tab || (ch && k.ch == 'j')) {
        step(1);
    } else if (k.kind == K::Left || (ch && k.ch == 'h')) {
        change(-1);
    } else if (k.kind == K::Right || (ch && (k.ch == 'l' || k.ch == ' '))) {
        change(1);
    } else if (k.kind == K::Enter) {
        if (row_ == Quit) return Outcome::Quit;
        if (row_ == Start) return Outcome::Start;
        if (row_ == Continue) return try_continue();
        if (row_ == Join) return Outcome::Join;
        if (row_ == Replay) return Outcome::Replay;
        if (row_ == Host) {
            if (hosting()) return Outcome::Host;
            message_ = "The computer plays both sides: set one side to a person to host a game.";
            return Outcome::Open;
        }
        if (row_ == Seed) {
            row_ = Start;
        } else if (row_ == Options) {
            toggle_option();
        } else {
            change(1);
        }
    } else if (k.kind == K::Backspace && row_ == Seed) {
        if (!seed_text_.empty()) seed_text_.pop_back();
        setup_.seed = seed_text_.empty() ? std::nullopt : std::optional<std::uint64_t>(std::stoull(seed_text_));
    } else if (ch && k.ch >= '0' && k.ch <= '9' && row_ == Seed) {
        if (seed_text_.size() < 19) {
            seed_text_ += static_cast<char>(k.ch);
            setup_.seed = std::stoull(seed_text_);
            message_ = "Seed " + seed_text_ + ": the same seed gives the same dice.";
        }
    } else if (ch && (k.ch == 'r' || k.ch == 'R') && row_ == Seed) {
        change(0);
    } else if (k.kind == K::Escape || (ch && (k.ch == 'Q' || k.ch == 'q'))) {
        return Outcome::Quit;
    } else if (ch && (k.ch == 's' || k.ch == 'S')) {
        return Outcome::Start;
    } else if (ch && (k.ch == 'c' || k.ch == 'C') && !continue_.empty()) {
        return try_continue();
    } else if (ch && k.ch >= '0' && k.ch <= '9') {
        message_ = "Digits set the seed: go to the Seed line first.";
    }
    return Outcome::Open;
}

void StartMenu::draw(Surface& out) const {
    const int w = out.width();
    const int h = out.height();
    if (too_small(out, "q")) return;
    // The title names the rules of the ruleset chosen (none offered: no rules named).
    const std::string rules = rulesets_.empty() ? std::string() : rulesets_[ruleset_at_].name;
    // "by the Pikette Squared rules", "by The Sword and the Pike rules": a name with its own "The".
    const bool has_the = rules.rfind("The ", 0) == 0;
    out.put(1, 0, "tercio: Renaissance battles" + (rules.empty() ? std::string() : (has_the ? " by " : " by the ") + rules + " rules"),
            Style{Color::Default, true});
    const int computers = (setup_.computer[0] ? 1 : 0) + (setup_.computer[1] ? 1 : 0);
    out.put(1, 1, computers == 0   ? "A new game. Two players share this keyboard, taking turns."
                  : computers == 1 ? "A new game against the computer."
                                   : "A new game, the computer against itself: you watch.");
    const auto line = [&](int y, int row, const std::string& label, const std::string& value,
                          const std::string& note, Style value_style = {}) {
        const bool on = row_ == row;
        out.put(1, y, on ? ">" : " ", Style{Color::Default, true});
        out.put(3, y, label);
        std::string v = row >= Start ? "[ " + value + " ]" : "< " + value + " >";
        value_style.reverse = on;
        out.put(15, y, v, value_style);
        if (!note.empty()) out.put(17 + static_cast<int>(code_points(v).size()), y, note, Style{Color::Default, false, false, false, true});
    };
    const auto hue = [&](Color c) { return color_ ? c : Color::Default; };
    const ArmyChoice& a = army(0);
    const ArmyChoice& b = army(1);
    if (rulesets_.size() >= 2) line(2, Ruleset, "Rules", rules, std::to_string(ruleset_at_ + 1) + " of " + std::to_string(rulesets_.size()));
    out.put(3, 3, "Side A: south edge, capital letters, red", Style{hue(Color::Red), true});
    line(4, ArmyA, "Army", a.name, a.period, Style{hue(Color::Red)});
    line(5, PlayerA, "Played by", player_text(setup_.computer[0]), level_note(setup_.computer[0]));
    out.put(3, 7, "Side B: north edge, small letters, blue", Style{hue(Color::Blue), true});
    line(8, ArmyB, "Army", b.name, b.period, Style{hue(Color::Blue)});
    line(9, PlayerB, "Played by", player_text(setup_.computer[1]), level_note(setup_.computer[1]));
    line(11, Seed, "Seed", seed_text_.empty() ? std::string("random") : seed_text_,
         row_ == Seed ? "digits type it, r random" : "");
    if (const auto& all = rule_options(); !all.empty()) {
        // The optional rule chosen with Left/Right, on or off; the note lists those that are on.
        const RuleOption& o = all[option_at_];
        std::string on;
        for (const RuleOption& r : all) {
            if (option_on(r.name)) on += (on.empty() ? "" : ", ") + r.title;
        }
        const std::string note = row_ == Options ? std::to_string(option_at_ + 1) + " of " + std::to_string(all.size()) +
                                                       ", Enter on/off"
                                                 : (on.empty() ? "none on" : "on: " + on);
        line(12, Options, "Options", o.title + ": " + (option_on(o.name) ? "on" : "off"), note);
    }
    line(13, Start, "", "Start the battle", "");
    line(14, Host, "", "Host a game", hosting_note(hosting()));
    line(15, Join, "", "Join a game", "running on this server");
    int y = 16;
    if (!continue_.empty()) {
        // The game chosen, and below it who played it and when (or why it cannot go on here).
        const SavedChoice& g = continue_[continue_at_];
        const std::string which =
            continue_.size() > 1 ? std::to_string(continue_at_ + 1) + " of " + std::to_string(continue_.size()) + ": " : "";
        line(y++, Continue, "", "Continue", which + g.title);
        out.put(29, y++, g.blocked.empty() ? g.detail : g.blocked, Style{Color::Default, false, false, false, true});
    }
    if (replay_) line(y++, Replay, "", "Replay a game", *replay_);
    line(y++, Quit, "", "Quit", "");
    // A blank line before the armies' units, when two lines are left for them after it.
    if (h - 2 - y >= 3) ++y;
    for (int side = 0; side < 2 && y < h - 2; ++side) {
        const ArmyChoice& c = army(side);
        const std::string text = std::string(side == 0 ? "A " : "B ") + c.name + ": " + c.units;
        for (const std::string& row : wrap(text, w - 2, 0, 4)) {
            if (y >= h - 2) break;
            out.put(1, y++, row);
        }
    }
    out.put(1, h - 2, continue_.empty() ? "Up/Down line, Left/Right change, Enter or s start, q quit"
                                        : "Up/Down line, Left/Right change, Enter or s start, c continue, q quit", Style{Color::Default, false, false, false, true});
    out.put(1, h - 1, message_);
}

}  // namespace tercio::ui
