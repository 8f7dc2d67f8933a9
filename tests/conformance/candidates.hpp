#pragma once
// Commands that are probably not legal now, for the tests that validate and play must refuse them:
// commands listed in other states of the same game, and listed commands with their text changed
// (a word dropped, or swapped for the word another command of the same verb has there), read back
// by the ruleset's own parse. Nothing here knows a ruleset's commands.
#include <algorithm>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "core/engine.hpp"

namespace tercio::conformance {

/// A command's text, word by word.
inline std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

inline std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

/// A command and its text.
template <class E>
struct Texted {
    typename E::Command command;
    std::string text;
};

/// Commands seen listed earlier in a game, each with its text as the state it was listed in
/// printed it (a command prints only in a state it fits: Hell Broke Loose's name the deciding
/// side's units and commands): at most `capacity`, older ones replaced at random.
template <class E>
class CommandPool {
  public:
    explicit CommandPool(std::size_t capacity = 256) : capacity_(capacity) {}
    /// Adds a few commands of the legal list of `s` (a long one is sampled).
    void add(const typename E::Context& ctx, const typename E::State& s, const std::vector<typename E::Command>& legal,
             core::Dice& r) {
        for (int k = 0; k < 8 && !legal.empty(); ++k) {
            const auto& c = legal[static_cast<std::size_t>(r.pick(static_cast<int>(legal.size()), core::RollPurpose::Other))];
            if (c == E::concede()) continue;
            Texted<E> t{c, E::print(ctx, s, c)};
            if (pool_.size() < capacity_) {
                pool_.push_back(std::move(t));
            } else {
                pool_[static_cast<std::size_t>(r.pick(static_cast<int>(capacity_), core::RollPurpose::Other))] = std::move(t);
            }
        }
    }
    const std::vector<Texted<E>>& commands() const { return pool_; }

  private:
    std::size_t capacity_;
    std::vector<Texted<E>> pool_;
};

/// Candidates for a state: up to `n` commands of the pool, and up to `n` texts made from listed
/// commands (a word dropped, a word swapped with another command's of the same verb, a word of
/// another command added) that the ruleset's parse reads as some command in this state.
template <class E>
std::vector<Texted<E>> candidates(const typename E::Context& ctx, const typename E::State& s,
                                  const std::vector<typename E::Command>& legal, const CommandPool<E>& pool,
                                  core::Dice& r, int n = 8) {
    using Command = typename E::Command;
    std::vector<Texted<E>> out;
    const auto& p = pool.commands();
    const auto pick = [&](std::size_t size) {
        return static_cast<std::size_t>(r.pick(static_cast<int>(size), core::RollPurpose::Other));
    };
    for (int k = 0; k < n && !p.empty(); ++k) out.push_back(p[pick(p.size())]);
    if (legal.empty()) return out;
    const auto read = [&](const std::vector<std::string>& words) {
        const std::string text = join_words(words);
        auto parsed = E::parse(ctx, s, E::deciding_side(s), text);
        if (const auto* c = std::get_if<Command>(&parsed)) out.push_back(Texted<E>{*c, text});
    };
    for (int k = 0; k < n; ++k) {
        auto words = words_of(E::print(ctx, s, legal[pick(legal.size())]));
        if (words.empty()) continue;
        const std::vector<std::string> other = (!p.empty() && r.pick(2, core::RollPurpose::Other) == 0)
                                                   ? words_of(p[pick(p.size())].text)
                                                   : words_of(E::print(ctx, s, legal[pick(legal.size())]));
        switch (r.pick(3, core::RollPurpose::Other)) {
            case 0:
                if (words.size() > 1) {
                    words.pop_back();
                    read(words);
                }
                break;
            case 1:
                if (!other.empty() && other.front() == words.front()) {
                    const std::size_t i = pick(std::min(words.size(), other.size()));
                    words[i] = other[i];
                    read(words);
                }
                break;
            default:
                if (!other.empty()) {
                    words.push_back(other[pick(other.size())]);
                    read(words);
                }
                break;
        }
    }
    return out;
}

}  // namespace tercio::conformance
