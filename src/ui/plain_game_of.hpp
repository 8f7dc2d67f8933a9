#pragma once
/// `tercio play --plain`: a line-oriented front end on a Session, with no curses at all, written
/// once over a ruleset's kit. It prints plain lines (what the game waits for and from whom, every
/// event in the log's words, a prompt) and reads commands in the ruleset's command text plus a
/// few words of its own (help, legal, a number, odds, why, undo, save, decline all, quit) and the
/// kit's pages and words (its Plain group: a map, the units, a setting of its reaction filter).
/// Nothing it prints moves the cursor or sets a colour, so a
/// screen reader, a dumb terminal or a script can follow it. Pure: it reads and writes the streams
/// it is given. The computer's sides are played by the one driver (control::ComputerTurnsOf),
/// blocking: the prompt comes back once the game waits for a person.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <concepts>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ai/player.hpp"
#include "control/computer_turns.hpp"
#include "control/session.hpp"
#include "core/engine.hpp"
#include "ui/rule_book.hpp"
#include "ui/screen_kit.hpp"

namespace tercio::ui {

/// A line as a plain front end prints it: every byte below 0x20 and DEL made '?', so that no
/// escape sequence reaches the terminal whatever a data file's names hold.
inline std::string plain_line(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return out;
}

/// What `--plain` needs of a ruleset beyond its Text and Screen groups: the kit's `Plain` group
/// (docs/rulesets.md, "The kit: Text and Screen groups").
template <class K>
concept PlainKit = ScreenKit<K> &&
    requires(const typename K::Engine::Context& ctx, const typename K::Engine::State& s,
             core::Side side, std::string_view word, typename K::Screen::Reactions& reactions,
             const std::string& text, std::string& why) {
    /// The first words of the opening line ("tercio, plain text").
    { K::Plain::kHeading } -> std::convertible_to<std::string_view>;
    /// What the game waits for, in words ("A turns a card").
    { K::Plain::decision(ctx, s) } -> std::same_as<std::string>;
    /// A page of text typed instead of a command, given its first word and the rest of the line
    /// (`map`, `units`, `enemy`, `near e5`), for the player's side (`units` are its own, `enemy`
    /// the other side's: the side deciding, or the one played here while the other decides), or
    /// nothing: not one of its pages. Every line but the map's grid is a
    /// sentence that reads aloud (docs/plain.md, "Speakable").
    {
        K::Plain::page(ctx, s, side, word, text)
        } -> std::same_as<std::optional<std::vector<std::string>>>;
    /// What the prompt adds after the side's letter ("4 pips left"), or "" when nothing.
    { K::Plain::prompt_note(ctx, s) } -> std::same_as<std::string>;
    /// The help's lines for its pages, and for its words.
    { K::Plain::page_help() } -> std::same_as<std::vector<std::string>>;
    { K::Plain::word_help() } -> std::same_as<std::vector<std::string>>;
    /// A word of its own at the prompt (a setting of its reaction filter), given the first word
    /// and the rest: what to say, or nothing when the word is not its own.
    { K::Plain::word(reactions, text, text) } -> std::same_as<std::optional<std::string>>;
    /// The exact odds of a command typed as text, in words (as `tercio run --odds`); none, with
    /// `why`, when it is not a command that rolls dice now.
    { K::Plain::odds(ctx, s, text, why) } -> std::same_as<std::vector<std::string>>;
    /// Examples: of a command with odds, for `odds` typed alone ("fight h6"); of the start of a
    /// command, for a `legal` list cut short ("legal deploy K1, legal move h2"); of commands,
    /// for the help ("first, turn, move h2 h5").
    { K::Plain::kOddsExample } -> std::convertible_to<std::string_view>;
    { K::Plain::kLegalExample } -> std::convertible_to<std::string_view>;
    { K::Plain::kExamples } -> std::convertible_to<std::string_view>;
};

template <PlainKit K>
class PlainGameOf final : public control::ObserverOf<typename K::Engine> {
  public:
    using E = typename K::Engine;
    using Session = control::SessionOf<E>;
    using Entry = control::EntryOf<E>;
    using State = typename E::State;
    using Command = typename E::Command;
    using Events = typename E::Events;
    using Text = typename K::Text;
    using Plain = typename K::Plain;

    PlainGameOf(Session& session, std::ostream& out)
        : session_(session), out_(out), reactions_(session), turns_(session, std::chrono::milliseconds(0)) {
        session_.add_observer(this);
    }
    ~PlainGameOf() override { session_.remove_observer(this); }
    PlainGameOf(const PlainGameOf&) = delete;
    PlainGameOf& operator=(const PlainGameOf&) = delete;

    /// The computer plays `side` with `player`, shown as `level`: it decides whenever the game
    /// waits for that side (the session's seat).
    void seat(core::Side side, std::unique_ptr<ai::PlayerOf<E>> player, std::string level) {
        turns_.seat(side, std::move(player), std::move(level));
    }
    /// What `save` does (saves, and says what to tell the player); without it, the game is not
    /// saved.
    void set_save_action(std::function<std::string()> save) { save_ = std::move(save); }
    /// Repeat each line read after the prompt (when the input is not a terminal, so that the
    /// output reads as a transcript).
    void set_echo(bool echo) { echo_ = echo; }
    /// The rules text `rule ID` reads (every ruleset's the data folder has); without it, `rule`
    /// says that none is installed.
    void set_rules(RuleShelf rules) { rules_ = std::move(rules); }
    /// Words of a front end's own, tried before the game's (a network game's `say`, `yes`,
    /// `no`): given the first word and the rest of the line, returns true if it took the line.
    void set_words(std::function<bool(const std::string& word, const std::string& rest)> words) {
        words_ = std::move(words);
    }

    /// The opening lines: the armies, then the set-up rolls (a new game) or the history's size (a
    /// resumed one), and `note` if not empty.
    void start(const std::string& note);
    /// Reads and plays lines until `quit`, the end of the game, or the end of the input. Returns
    /// true if the input ended (or the game did) rather than the player quitting.
    bool run(std::istream& in);
    /// One line typed at the prompt. Returns false on `quit`.
    bool handle_line(const std::string& line);
    /// Lets the computer play while the game waits for one of its sides.
    void play_computer();
    /// Lets go the reaction windows of a person here that offer nothing new; how many. The
    /// first reaction let go for a setting of the player's (the kit's note) is said once.
    int pass_reactions() {
        const int n = reactions_.pass();
        if (auto note = reactions_.take_note()) say("Out of turn: " + *note + ".");
        return n;
    }
    /// One of the kit's command-line options (ui::KitOption) set on its reaction filter; false
    /// when it is not the kit's or the value is not one it takes.
    bool set_option(const std::string& name, const std::string& value) {
        return K::Screen::set_option(reactions_, name, value);
    }
    /// What the game waits for and from whom ("Turn 2: A turns a card (A French).").
    void print_waiting();
    /// The prompt of the side deciding ("A> "), with what the kit adds ("A, 4 pips left> ").
    void print_prompt() {
        const std::string note = Plain::prompt_note(session_.context(), session_.state());
        out_ << core::side_letter(session_.decider())
             << (note.empty() ? "" : ", " + plain_line(note)) << "> " << std::flush;
    }

    // control::ObserverOf
    std::optional<std::string> played(const Session& session, const Entry& entry, const State& before) override;
    void undone(const Session&) override {
        why_.clear();
        why_of_.clear();
    }
    void seated(const Session&, core::Side, const std::string& why) override {
        if (!why.empty()) say(why);
    }
    void notice(const Session&, const std::string& text) override { say(text); }

  private:
    /// The most commands `legal` lists at once (a deployment has thousands).
    static constexpr std::size_t kMaxListed = 40;

    void say(const std::string& line) {
        out_ << plain_line(line) << '\n';
        if (auto ids = cited_rule_ids(line); !ids.empty()) cited_ = std::move(ids);
    }
    void print_rules(const std::string& query);
    /// The side whose units `units` lists: the side deciding if a person here plays it, else the
    /// one a person here plays (a network game while the other side decides), else the decider.
    core::Side own_side() const {
        const core::Side d = session_.decider();
        if (session_.seat(d).here() || !session_.seat(core::other(d)).here()) return d;
        return core::other(d);
    }
    void print_events(const State* before, const Command* c, const Events& events);
    void print_help();
    void print_legal(const std::string& start);
    void print_odds(const std::string& text);
    void print_why();
    void play_text(const std::string& text);
    /// y, n, D (y1 ... y9 among several) at an out-of-turn stop; true if the line was one.
    bool answer_stop(const std::string& line);
    static std::string trimmed(std::string_view s) {
        const auto b = s.find_first_not_of(" \t\r");
        if (b == std::string_view::npos) return {};
        const auto e = s.find_last_not_of(" \t\r");
        return std::string(s.substr(b, e - b + 1));
    }

    Session& session_;
    std::ostream& out_;
    /// Lets go the reactions that offer nothing new (the game waits for the others).
    RuleShelf rules_;
    std::vector<std::string> cited_;  ///< the rule IDs the newest line that cited any cited
    typename K::Screen::Reactions reactions_;
    control::ComputerTurnsOf<E> turns_;
    std::function<std::string()> save_;
    bool echo_ = false;
    std::function<bool(const std::string&, const std::string&)> words_;
    std::vector<std::string> why_;  ///< the explanation of the newest roll
    std::string why_of_;            ///< the line of the roll it explains
};

template <PlainKit K>
void PlainGameOf<K>::print_events(const State* before, const Command* c, const Events& events) {
    for (const LogEntry& e : Text::log_entries(session_.context(), before, session_.state(), c, events)) {
        say(e.text);
        if (!e.why.empty()) {
            why_ = e.why;
            why_of_ = e.text;
        }
    }
}

template <PlainKit K>
void PlainGameOf<K>::start(const std::string& note) {
    const auto& ctx = session_.context();
    say(std::string(Plain::kHeading) + ": " + ctx.army(core::Side::A).name + " (A) v " +
        ctx.army(core::Side::B).name + " (B). Type help for the commands.");
    if (session_.history().empty()) {
        print_events(nullptr, nullptr, session_.setup_events());
    } else {
        say("Resumed after " + std::to_string(session_.history().size()) + " commands.");
    }
    if (!note.empty()) say(note);
}

template <PlainKit K>
void PlainGameOf<K>::print_waiting() {
    const State& s = session_.state();
    if (session_.over()) {
        say("The game is over.");
        for (const std::string& line : Text::game_summary(session_.context(), s)) say(line);
        return;
    }
    const core::Side d = session_.decider();
    std::string who = Text::side_label(session_.context(), d);
    if (session_.seat(d).computer()) who += ", the computer";
    if (session_.seat(d).elsewhere()) who += ", " + session_.seat(d).name;
    say("Turn " + std::to_string(E::turn(s)) + ": " + Plain::decision(session_.context(), s) + " (" + who + ").");
    const std::vector<Command> offers = std::as_const(reactions_).offers();
    if (!offers.empty()) {
        std::vector<ReactionOffer> texts;
        for (const Command& c : offers) texts.push_back(Text::reaction_offer(session_.context(), s, c));
        say(reaction_prompt(texts, reactions_.can_let_go(), K::Screen::Reactions::kDeclineAll, true));
    } else if (const auto why = std::as_const(reactions_).reason()) {
        say("Out of turn: " + *why + ". decline lets it go, decline all lets all go until your phase.");
    }
}

template <PlainKit K>
bool PlainGameOf<K>::answer_stop(const std::string& line) {
    // y, yes, y1 ... y9 (or "y 2"), n, no, D: the one-word answers of an out-of-turn stop.
    std::string word;
    for (const char c : line) {
        if (c != ' ') word += c;
    }
    const bool yes = word == "y" || word == "yes";
    const bool pick = word.size() == 2 && word[0] == 'y' && word[1] >= '1' && word[1] <= '9';
    const bool no = word == "n" || word == "no";
    const bool all = word == "D";
    if (!yes && !pick && !no && !all) return false;
    const std::vector<Command> offers =
        session_.computer_decides() || session_.others_decide() ? std::vector<Command>{} : std::as_const(reactions_).offers();
    if (offers.empty()) {
        say(line + ": y, n and D answer a stop out of turn; there is none now.");
        return true;
    }
    const auto& ctx = session_.context();
    if (all) {
        const core::Side side = session_.decider();
        if (auto why = reactions_.decline_until_my_phase()) {
            say("D: " + *why);
        } else {
            say(Text::side_label(ctx, side) + " lets every reaction go until its phase.");
        }
        return true;
    }
    if (no) {
        if (auto why = reactions_.let_go()) say("n: " + *why);
        return true;
    }
    if (yes && offers.size() > 1) {
        say(std::to_string(offers.size()) + " reactions are offered: y1 to y" + std::to_string(offers.size()) +
            " picks one.");
        return true;
    }
    const std::size_t i = yes ? 0 : static_cast<std::size_t>(word[1] - '1');
    if (i >= offers.size()) {
        say("No reaction " + std::to_string(i + 1) + ": " + std::to_string(offers.size()) + " offered.");
        return true;
    }
    play_text(E::print(ctx, session_.state(), offers[i]));
    return true;
}

template <PlainKit K>
bool PlainGameOf<K>::run(std::istream& in) {
    std::string line;
    for (;;) {
        // The computer's commands and the reactions let go, until a person is to decide.
        for (int i = 0; i < 10000; ++i) {
            play_computer();
            if (pass_reactions() == 0) break;
        }
        print_waiting();
        if (session_.over()) return true;
        print_prompt();
        if (!std::getline(in, line)) {
            out_ << '\n';
            return true;
        }
        if (echo_) out_ << plain_line(line) << '\n';
        if (!handle_line(line)) return false;
    }
}

template <PlainKit K>
void PlainGameOf<K>::play_computer() {
    // Bounded: a computer that keeps deciding ends with the game, which ends.
    for (int i = 0; i < 100000 && session_.computer_decides(); ++i) {
        const core::Side side = session_.decider();
        if (!turns_.plays(side)) {
            session_.set_seat(side, control::Seat::person(),
                              "No computer player for " + std::string(1, core::side_letter(side)) +
                                  ": you play it from here.");
            return;
        }
        // A computer that fails has its side handed to the keyboard, saying so.
        if (!turns_.play_now()) return;
    }
}

template <PlainKit K>
bool PlainGameOf<K>::handle_line(const std::string& raw) {
    const std::string line = trimmed(raw);
    if (line.empty()) return true;
    const std::string word = line.substr(0, line.find(' '));
    const std::string rest = trimmed(std::string_view(line).substr(word.size()));
    const auto& ctx = session_.context();
    if (word == "quit" || word == "q") return false;
    if (words_ && words_(word, rest)) return true;
    if ((word == "help" || word == "?") && rest.empty()) {
        print_help();
    } else if (word == "rule" || word == "rules" || word == "help" || word == "?") {
        print_rules(rest);
    } else if (word == "legal") {
        print_legal(rest);
    } else if (word == "odds") {
        print_odds(rest);
    } else if (word == "why") {
        print_why();
    } else if (const auto page = Plain::page(ctx, session_.state(), own_side(), word, rest)) {
        for (const std::string& l : *page) say(l);
    } else if (word == "undo") {
        if (session_.undoable() == 0) {
            say("Nothing to take back: dice were rolled or a card turned since the last command.");
        } else {
            const Command c = session_.history().back().command;
            if (auto why = session_.undo()) {
                say(*why);
            } else {
                // Named in the state it was played in: the one now.
                say("Took back \"" + E::print(ctx, session_.state(), c) + "\".");
            }
        }
    } else if (word == "save") {
        say(save_ ? save_() : std::string("This game is not being saved."));
    } else if (answer_stop(line)) {
        // answered
    } else if (line == "decline all") {
        const core::Side side = session_.decider();
        if (auto why = reactions_.decline_until_my_phase()) {
            say("decline all: " + *why);
        } else {
            say(Text::side_label(ctx, side) + " lets every reaction go until its phase.");
        }
    } else if (const auto said = Plain::word(reactions_, word, rest)) {
        say(*said);
    } else if (std::all_of(line.begin(), line.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        const std::vector<Command> legal = E::legal_commands(ctx, session_.state());
        const unsigned long n = line.size() > 4 ? 0 : std::stoul(line);
        if (n < 1 || n > legal.size()) {
            say("No command " + line + ": legal lists " + std::to_string(legal.size()) + ".");
        } else {
            play_text(E::print(ctx, session_.state(), legal[n - 1]));
        }
    } else {
        play_text(line);
    }
    return true;
}

template <PlainKit K>
void PlainGameOf<K>::play_text(const std::string& text) {
    if (session_.computer_decides()) {
        say("Wait: the computer plays " + std::string(1, core::side_letter(session_.decider())) + ".");
        return;
    }
    if (session_.others_decide()) {
        say("Wait: " + control::computer_name(session_, session_.decider()) + " decides now.");
        return;
    }
    auto parsed = E::parse(session_.context(), session_.state(), session_.decider(), text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) {
        say(text + ": " + *err + " (help lists what you can type)");
        return;
    }
    Command c = std::get<Command>(parsed);
    // Refused as written, but the kit knows the form the screen's key would play (a move that
    // must turn first): played, and said.
    if (const Command meant = K::Screen::typed(session_.context(), session_.state(), c);
        !(meant == c) && !E::validate(session_.context(), session_.state(), meant)) {
        say(text + " is played as " + E::print(session_.context(), session_.state(), meant) + ".");
        c = meant;
    }
    const auto o = session_.play(c);
    if (!o.ok()) say(text + ": " + *o.refused);
}

template <PlainKit K>
std::optional<std::string> PlainGameOf<K>::played(const Session&, const Entry& entry, const State& before) {
    if (!session_.seat(entry.by).here()) {
        say(control::computer_name(session_, entry.by) + " plays \"" +
            E::print(session_.context(), before, entry.command) + "\".");
    }
    print_events(&before, &entry.command, entry.events);
    return std::nullopt;
}

template <PlainKit K>
void PlainGameOf<K>::print_help() {
    const auto all = [this](const std::vector<std::string>& lines) {
        const std::vector<std::string> keep = cited_;  // an example is not a citation
        for (const std::string& l : lines) say(l);
        cited_ = keep;
    };
    all({"Type a command in the command language (as `tercio run` reads it), or one of:",
         "  help          this list",
         "  legal [START] the legal commands now (those that begin with START), numbered;",
         "                a number plays that command",
         "  odds CMD      the odds of a command that rolls dice, without playing it",
         "  why           the newest roll named, then explained: dice, modifiers and rules",
         "  rule [ID]     the text of a rule by the ID messages cite; an area's rules by the",
         "                ID's first two parts; rule list the areas; rule alone the rules",
         "                the newest message cited"});
    all(Plain::page_help());
    all({"  undo          take back the last command (not past a roll or a card turned)",
         "  save          save now, with a copy in .bak (each command is saved anyway)",
         "  decline all   at a reaction: let every reaction go until your phase",
         "  y, n, D       at a stop out of turn: y takes the reaction offered (y1, y2 ... one",
         "                of several), n lets it go, D lets all go until your phase"});
    all(Plain::word_help());
    all({"  quit          stop; tercio play --resume goes on with the game",
         "Examples: " + std::string(Plain::kExamples) + "."});
}

template <PlainKit K>
void PlainGameOf<K>::print_rules(const std::string& query) {
    const RuleBook& book = rules_.book();
    // `rule` alone: the rules the newest line citing any cited, or the list of areas.
    std::vector<std::string> asked = query.empty() ? cited_ : std::vector<std::string>{query};
    if (asked.empty()) asked.emplace_back("list");
    const std::vector<std::string> keep = cited_;  // the rules' own lines do not replace it
    for (const std::string& q : asked) {
        for (const std::string& line : look_up_rule(book, q, 0).lines) say(line);
    }
    cited_ = keep;
}

template <PlainKit K>
void PlainGameOf<K>::print_legal(const std::string& start) {
    const auto& ctx = session_.context();
    const State& s = session_.state();
    const std::vector<Command> legal = E::legal_commands(ctx, s);
    if (legal.empty()) {
        say("No command is legal: the game is over.");
        return;
    }
    // The numbers are those of the whole list, whatever START leaves out.
    std::vector<std::string> texts;
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        texts.push_back(E::print(ctx, s, legal[i]));
        if (texts.back().rfind(start, 0) == 0) shown.push_back(i);
    }
    if (shown.empty()) {
        say("No legal command begins with \"" + start + "\" (legal lists them all).");
        return;
    }
    say(std::to_string(shown.size()) + (start.empty() ? "" : " of " + std::to_string(legal.size())) +
        " legal commands (type the number to play one):");
    for (std::size_t k = 0; k < shown.size() && k < kMaxListed; ++k) {
        say("  " + std::to_string(shown[k] + 1) + " " + texts[shown[k]]);
    }
    if (shown.size() > kMaxListed) {
        say("  ... and " + std::to_string(shown.size() - kMaxListed) +
            " more: legal with the start of a command lists fewer (" + std::string(Plain::kLegalExample) + ").");
    }
}

template <PlainKit K>
void PlainGameOf<K>::print_odds(const std::string& text) {
    if (text.empty()) {
        say("odds: give a command, as in: odds " + std::string(Plain::kOddsExample));
        return;
    }
    std::string why;
    const std::vector<std::string> lines = Plain::odds(session_.context(), session_.state(), text, why);
    if (lines.empty()) {
        say("odds: " + text + ": " + (why.empty() ? std::string("it rolls no dice") : why));
        return;
    }
    for (const std::string& line : lines) say(line);
}

template <PlainKit K>
void PlainGameOf<K>::print_why() {
    if (why_.empty()) {
        say("No roll to explain yet.");
        return;
    }
    // Which roll: the line that reported it, as the log printed it (a listener has heard lines
    // since).
    say("The roll explained: " + why_of_ + (why_of_.empty() || why_of_.back() == '.' ? "" : "."));
    for (const std::string& line : why_) say(line);
}

}  // namespace tercio::ui
