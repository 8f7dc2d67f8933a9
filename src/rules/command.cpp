#include "core/overloaded.hpp"
#include "rules/command.hpp"

#include <sstream>

namespace tercio::rules {

namespace {

using core::Overloaded;

std::string sq(Square s) { return core::to_string(s); }

std::string facing_suffix(const std::optional<Facing>& f) {
    return f ? " face " + std::string(core::to_string(*f)) : "";
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        std::size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

/// Reads words one at a time with error reporting.
class Words {
public:
    Words(std::vector<std::string_view> w, std::string& error) : w_(std::move(w)), error_(error) {}
    bool done() const { return i_ >= w_.size(); }
    std::string_view peek() const { return done() ? std::string_view{} : w_[i_]; }
    std::string_view take() { return done() ? std::string_view{} : w_[i_++]; }
    bool fail(const std::string& why) {
        if (error_.empty()) error_ = why;
        return false;
    }
    bool square(Square& out) {
        const auto word = take();
        if (auto s = core::parse_square(word, core::kMaxBoardSide, 99)) {
            out = *s;
            return true;
        }
        return fail(word.empty() ? "a square is missing" : "'" + std::string(word) + "' is not a square");
    }
    bool facing(Facing& out) {
        const auto word = take();
        if (auto f = core::parse_facing(word)) {
            out = *f;
            return true;
        }
        return fail(word.empty() ? "a facing is missing (N, NE, E, SE, S, SW, W or NW)"
                                 : "'" + std::string(word) + "' is not a facing (N, NE, E, SE, S, SW, W or NW)");
    }
    /// "face <F>" if it comes next.
    bool optional_face(std::optional<Facing>& out) {
        if (peek() != "face") return true;
        take();
        Facing f{};
        if (!facing(f)) return false;
        out = f;
        return true;
    }
    bool end() {
        if (done()) return true;
        return fail("unexpected '" + std::string(peek()) + "'");
    }

private:
    std::vector<std::string_view> w_;
    std::size_t i_ = 0;
    std::string& error_;
};

std::optional<Command> parse_words(Words& w) {
    const std::string_view verb = w.take();
    std::optional<Command> out;
    if (verb == "extra") {
        const auto line = w.take();
        if (line.empty()) return w.fail("extra needs a unit line id"), std::nullopt;
        if (!LineId::fits(line)) return w.fail("'" + std::string(line) + "' is not a unit line id"), std::nullopt;
        out = ChooseExtraUnit{LineId(line)};
    } else if (verb == "card") {
        const auto word = w.take();
        const auto kind = parse_card_kind(word);
        if (!kind) return w.fail("'" + std::string(word) + "' is not a card kind"), std::nullopt;
        out = ChooseExtraCard{*kind};
    } else if (verb == "terrain") {
        const auto word = w.take();
        if (word == "pass") {
            out = PassTerrain{};
        } else {
            const auto kind = parse_terrain(word);
            if (!kind) {
                w.fail(word.empty() ? "terrain needs wood, building, hill, stream or pass"
                                    : "'" + std::string(word) + "' is not a terrain kind");
                return std::nullopt;
            }
            PlaceTerrain t{*kind, {}};
            while (!w.done()) {
                Square s{};
                if (!w.square(s)) return std::nullopt;
                if (!t.squares.push_back(s)) {
                    return w.fail("a terrain piece has at most " + std::to_string(PlacedSquares::kCapacity) + " squares"),
                           std::nullopt;
                }
            }
            if (t.squares.empty()) return w.fail("terrain needs its squares"), std::nullopt;
            out = std::move(t);
        }
    } else if (verb == "adjust") {
        const auto word = w.take();
        AdjustTerrain a;
        if (word == "pass") {
            a.action = AdjustTerrain::Action::Pass;
        } else if (word == "remove" || word == "centre") {
            a.action = word == "remove" ? AdjustTerrain::Action::Remove : AdjustTerrain::Action::Centre;
            if (!w.square(a.square)) return std::nullopt;
        } else {
            return w.fail("adjust needs remove <sq>, centre <sq> or pass"), std::nullopt;
        }
        out = a;
    } else if (verb == "deploy") {
        const auto word = w.take();
        if (word == "auto") {
            out = DeployAuto{};
        } else if (word == "leader") {
            DeployLeader d;
            if (!w.square(d.square)) return std::nullopt;
            if (w.peek() == "attach") {
                w.take();
                d.attach = true;
            }
            out = d;
        } else {
            Deploy d;
            if (word.size() < 2 || word[0] < 'A' || word[0] > 'Z' || !UnitLabel::fits(word)) {
                return w.fail(word.empty() ? "deploy needs a unit such as K1, leader or auto"
                                           : "'" + std::string(word) + "' is not a unit such as K1"),
                       std::nullopt;
            }
            d.unit = UnitLabel(word);
            if (!w.square(d.square) || !w.facing(d.facing)) return std::nullopt;
            out = std::move(d);
        }
    } else if (verb == "first" || verb == "second") {
        out = ChooseOrder{verb == "first"};
    } else if (verb == "turn") {
        out = TurnCard{};
    } else if (verb == "pass") {
        out = Pass{};
    } else if (verb == "move") {
        Move m;
        if (!w.square(m.from) || !w.optional_face(m.face_before)) return std::nullopt;
        if (!w.done() && w.peek() != "face") {
            Square to{};
            if (!w.square(to)) return std::nullopt;
            m.to = to;
            if (!w.optional_face(m.face_after)) return std::nullopt;
        }
        if (w.peek() == "attack") {
            w.take();
            m.attack = true;
            if (!m.to) return w.fail("a move-and-attack needs a destination"), std::nullopt;
        }
        if (!m.to && !m.face_before) return w.fail("move needs a destination or a facing"), std::nullopt;
        if (m.face_before && m.face_after) {
            return w.fail("a move turns once: before the steps or after them"), std::nullopt;
        }
        // A second square: the move names only where it ends; the engine finds the way.
        if (!w.done() && m.to && core::parse_square(w.peek())) {
            return w.fail("a move names only the square it ends in ('" + std::string(w.peek()) +
                          "' after " + core::to_string(*m.to) + "): the cheapest way there is taken"),
                   std::nullopt;
        }
        out = m;
    } else if (verb == "march") {
        out = March{};
    } else if (verb == "leader") {
        MoveLeader l;
        if (!w.square(l.to)) return std::nullopt;
        if (w.peek() == "attach") {
            w.take();
            l.attach = true;
        }
        out = l;
    } else if (verb == "concede") {
        out = Concede{};
    } else if (verb == "charge") {
        Charge c;
        if (!w.square(c.from) || !w.optional_face(c.face)) return std::nullopt;
        out = c;
    } else if (verb == "evade") {
        out = Evade{};
    } else if (verb == "decline") {
        out = Decline{};
    } else if (verb == "escape") {
        Escape e;
        if (!w.square(e.to)) return std::nullopt;
        out = e;
    } else if (verb == "shoot") {
        Shoot x;
        if (!w.square(x.from) || !w.square(x.target)) return std::nullopt;
        out = x;
    } else if (verb == "fight") {
        Fight x;
        if (!w.square(x.square)) return std::nullopt;
        out = x;
    } else if (verb == "reload") {
        Reload x;
        if (!w.square(x.square)) return std::nullopt;
        out = x;
    } else if (verb == "rally") {
        Rally x;
        if (!w.square(x.square) || !w.optional_face(x.face)) return std::nullopt;
        out = x;
    } else if (verb == "check") {
        CheckMorale x;
        if (!w.square(x.square)) return std::nullopt;
        out = x;
    } else if (verb == "chip") {
        out = ChipUnit{};
    } else if (verb == "follow") {
        out = Follow{};
    } else if (verb == "stay") {
        out = Stay{};
    } else {
        w.fail(verb.empty() ? "empty command" : "unknown command '" + std::string(verb) + "'");
        return std::nullopt;
    }
    if (!w.end()) return std::nullopt;
    return out;
}

}  // namespace

std::string print(const Command& c) {
    return std::visit(
        Overloaded{
            [](const ChooseExtraUnit& x) { return "extra " + x.line.str(); },
            [](const ChooseExtraCard& x) { return "card " + std::string(to_string(x.card)); },
            [](const PlaceTerrain& x) {
                std::string s = "terrain " + std::string(to_string(x.kind));
                for (Square q : x.squares) s += " " + sq(q);
                return s;
            },
            [](const PassTerrain&) { return std::string("terrain pass"); },
            [](const AdjustTerrain& x) {
                switch (x.action) {
                    case AdjustTerrain::Action::Remove: return "adjust remove " + sq(x.square);
                    case AdjustTerrain::Action::Centre: return "adjust centre " + sq(x.square);
                    case AdjustTerrain::Action::Pass: break;
                }
                return std::string("adjust pass");
            },
            [](const Deploy& x) {
                return "deploy " + x.unit.str() + " " + sq(x.square) + " " + std::string(core::to_string(x.facing));
            },
            [](const DeployLeader& x) {
                return "deploy leader " + sq(x.square) + (x.attach ? " attach" : "");
            },
            [](const DeployAuto&) { return std::string("deploy auto"); },
            [](const ChooseOrder& x) { return std::string(x.first ? "first" : "second"); },
            [](const TurnCard&) { return std::string("turn"); },
            [](const Pass&) { return std::string("pass"); },
            [](const Move& x) {
                std::string s = "move " + sq(x.from) + facing_suffix(x.face_before);
                if (x.to) s += " " + sq(*x.to) + facing_suffix(x.face_after);
                if (x.attack) s += " attack";
                return s;
            },
            [](const March&) { return std::string("march"); },
            [](const MoveLeader& x) { return "leader " + sq(x.to) + (x.attach ? " attach" : ""); },
            [](const Concede&) { return std::string("concede"); },
            [](const Charge& x) { return "charge " + sq(x.from) + facing_suffix(x.face); },
            [](const Evade&) { return std::string("evade"); },
            [](const Decline&) { return std::string("decline"); },
            [](const Escape& x) { return "escape " + sq(x.to); },
            [](const Shoot& x) { return "shoot " + sq(x.from) + " " + sq(x.target); },
            [](const Fight& x) { return "fight " + sq(x.square); },
            [](const Reload& x) { return "reload " + sq(x.square); },
            [](const Rally& x) { return "rally " + sq(x.square) + facing_suffix(x.face); },
            [](const CheckMorale& x) { return "check " + sq(x.square); },
            [](const ChipUnit&) { return std::string("chip"); },
            [](const Follow&) { return std::string("follow"); },
            [](const Stay&) { return std::string("stay"); },
        },
        c);
}

std::vector<Square> squares_of(const Command& c) {
    return std::visit(
        Overloaded{
            [](const PlaceTerrain& x) { return std::vector<Square>(x.squares.begin(), x.squares.end()); },
            [](const AdjustTerrain& x) {
                return x.action == AdjustTerrain::Action::Pass ? std::vector<Square>{} : std::vector<Square>{x.square};
            },
            [](const Deploy& x) { return std::vector<Square>{x.square}; },
            [](const DeployLeader& x) { return std::vector<Square>{x.square}; },
            [](const Move& x) {
                std::vector<Square> out{x.from};
                if (x.to) out.push_back(*x.to);
                return out;
            },
            [](const MoveLeader& x) { return std::vector<Square>{x.to}; },
            [](const Charge& x) { return std::vector<Square>{x.from}; },
            [](const Escape& x) { return std::vector<Square>{x.to}; },
            [](const Shoot& x) { return std::vector<Square>{x.from, x.target}; },
            [](const Fight& x) { return std::vector<Square>{x.square}; },
            [](const Reload& x) { return std::vector<Square>{x.square}; },
            [](const Rally& x) { return std::vector<Square>{x.square}; },
            [](const CheckMorale& x) { return std::vector<Square>{x.square}; },
            [](const auto&) { return std::vector<Square>{}; },
        },
        c);
}

std::optional<Command> parse_command(std::string_view line, std::string& error) {
    error.clear();
    Words w(split(line), error);
    auto c = parse_words(w);
    if (!c && error.empty()) error = "cannot read the command";
    return c;
}

}  // namespace tercio::rules
