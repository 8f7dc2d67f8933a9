#include "net/replica.hpp"

#include <charconv>
#include <stdexcept>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "rules/state_hash.hpp"
#include "kits/pikette/control/session.hpp"

namespace tercio::net {

namespace {

std::string hex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 0xFu];
    return out;
}

std::string results_text(const std::vector<int>& results) {
    std::string out;
    for (int r : results) {
        if (!out.empty()) out += ' ';
        out += std::to_string(r);
    }
    return out;
}

/// "3 5 1" -> {3, 5, 1}; nothing if a word is not a small number.
std::optional<std::vector<int>> parse_results(std::string_view text) {
    std::vector<int> out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(' ', at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(at, end - at);
        int v = 0;
        const auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        if (word.empty() || ec != std::errc{} || p != word.data() + word.size() || v < 0 || v > 1000) return std::nullopt;
        out.push_back(v);
        at = end + 1;
    }
    return out;
}

std::optional<rules::Side> parse_side(std::string_view text) {
    if (text == "A") return rules::Side::A;
    if (text == "B") return rules::Side::B;
    return std::nullopt;
}

std::optional<std::string> check_hash(const Message& m, const rules::GameState& s) {
    if (m.value("hash") != public_hash_text(s)) return std::string("the game here is out of step with the server's");
    return std::nullopt;
}

}  // namespace

int RecordingDice::roll(core::DieType die, core::RollPurpose purpose) {
    const int r = inner_.roll(die, purpose);
    results_.push_back(r);
    return r;
}

int RecordingDice::pick(int n, core::RollPurpose purpose) {
    const int r = inner_.pick(n, purpose);
    // A shuffle's picks are the order of the face-down cards: they stay here.
    if (purpose != core::RollPurpose::Shuffle) results_.push_back(r);
    return r;
}

void MirrorDice::load(std::vector<int> results) {
    results_ = std::move(results);
    next_ = 0;
}

int MirrorDice::take(int lo, int hi, core::RollPurpose purpose) {
    if (next_ >= results_.size()) {
        throw core::DiceError("the server sent fewer results than the game drew (" + std::string(to_string(purpose)) + ")");
    }
    const int v = results_[next_++];
    if (v < lo || v > hi) throw core::DiceError("the server sent a result out of range (" + std::string(to_string(purpose)) + ")");
    return v;
}

int MirrorDice::roll(core::DieType die, core::RollPurpose purpose) { return take(1, core::faces(die), purpose); }

int MirrorDice::pick(int n, core::RollPurpose purpose) {
    if (purpose == core::RollPurpose::Shuffle) return 0;
    return take(0, n - 1, purpose);
}

std::uint64_t public_hash(const rules::GameState& s) {
    rules::GameState copy = s;
    ai::hide_unseen_cards(copy);
    return rules::state_hash(copy);
}

std::string public_hash_text(const rules::GameState& s) { return hex(public_hash(s)); }

Message setup_message(const std::vector<int>& results, const rules::GameState& after) {
    Message m("setup");
    m.add("results", results_text(results));
    m.add("hash", public_hash_text(after));
    return m;
}

Message played_message(const control::Entry& entry, const std::vector<int>& results, const rules::GameState& after) {
    Message m("played");
    m.add("by", std::string(1, rules::side_letter(entry.by)));
    m.add("command", rules::print(entry.command));
    m.add("results", results_text(results));
    for (const rules::Event& e : entry.events) {
        if (const auto* turned = std::get_if<rules::CardTurned>(&e)) {
            m.add("card", std::string(1, rules::side_letter(turned->side)) + " " +
                              std::to_string(static_cast<int>(turned->card)));
        }
    }
    m.add("hash", public_hash_text(after));
    return m;
}

Message replay_message(const rules::RulesContext& ctx, const rules::GameState& before, const control::Entry& entry,
                       std::uint64_t seed, std::uint64_t calls_before, rules::GameState* after_out) {
    core::SeededDice dice(seed, calls_before);
    RecordingDice recording(dice);
    rules::GameState after = before;
    const rules::Played p = rules::play(ctx, after, entry.command, recording);
    if (!p.ok() || dice.calls() != entry.calls) {
        throw std::logic_error("replaying \"" + rules::print(entry.command) + "\" did not give the game's result");
    }
    Message m = played_message(entry, recording.results(), after);
    if (after_out) *after_out = after;
    return m;
}

std::unique_ptr<Replica> Replica::from_setup(const rules::RulesContext& ctx, const Message& setup, std::string& why) {
    const auto results = parse_results(setup.value("results"));
    if (setup.kind != "setup" || !results) {
        why = "the server's set-up message is malformed";
        return nullptr;
    }
    std::unique_ptr<Replica> r(new Replica());
    r->dice_.load(*results);
    rules::GameState s;
    rules::Events events;
    try {
        events = rules::new_game(ctx, s, r->dice_);
    } catch (const core::DiceError& e) {
        why = std::string("the game's set-up does not fit this program's data: ") + e.what();
        return nullptr;
    }
    if (r->dice_.remaining() != 0 || check_hash(setup, s)) {
        why = "the game's set-up does not fit this program's data (are both ends the same version, with the same "
              "army and ruleset files?)";
        return nullptr;
    }
    r->session_ = std::make_unique<control::Session>(ctx, s, r->dice_, std::move(events));
    return r;
}

std::optional<std::string> Replica::apply(const Message& played) {
    const auto by = parse_side(played.value("by"));
    const auto results = parse_results(played.value("results"));
    std::string error;
    const auto command = rules::parse_command(played.value("command"), error);
    if (!by || !results || !command) return std::string("the server sent a malformed command report");
    if (session_->state().decider != *by) return std::string("the server's command is for the side not deciding here");
    if (const auto card = played.get("card")) {
        const auto side = parse_side(card->substr(0, 1));
        int kind = -1;
        if (card->size() > 2) std::from_chars(card->data() + 2, card->data() + card->size(), kind);
        if (!side || kind < 0 || kind >= rules::kCardKindCount ||
            !session_->put_on_top(*side, static_cast<rules::CardKind>(kind))) {
            return std::string("the server turned a card this copy does not have face down");
        }
    }
    dice_.load(*results);
    control::Session::Outcome o;
    try {
        o = session_->replicate(*command);
    } catch (const core::DiceError& e) {
        return std::string("the game here is out of step with the server's: ") + e.what();
    }
    if (o.refused) return "the game here refused the server's command: " + *o.refused;
    if (dice_.remaining() != 0) return std::string("the game here drew fewer results than the server sent");
    return check_hash(played, session_->state());
}

std::optional<std::string> Replica::undo(const Message& undone) {
    if (auto why = session_->replicate_undo()) return why;
    return check_hash(undone, session_->state());
}

}  // namespace tercio::net
