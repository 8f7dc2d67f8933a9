// Setting up a game (PS-SETUP, PS-ARMY, PS-TERRAIN placement, deployment).
#include <algorithm>
#include <array>
#include <charconv>
#include <variant>

#include "rules/engine_detail.hpp"

namespace tercio::rules {

const UnitLine& roster_line(const ArmyList& army, std::size_t index) {
    if (index < army.units.size()) return army.units[index];
    std::size_t k = army.units.size();
    for (const auto& up : army.upgrades) {
        if (up.replace_with) {
            if (k == index) return *up.replace_with;
            ++k;
        }
    }
    throw std::out_of_range("roster line " + std::to_string(index));
}

std::size_t roster_size(const ArmyList& army) {
    std::size_t n = army.units.size();
    for (const auto& up : army.upgrades) n += up.replace_with ? 1 : 0;
    return n;
}

namespace detail {
namespace {

std::size_t type_index(const Ruleset& rs, std::string_view id) {
    for (std::size_t i = 0; i < rs.troop_types.size(); ++i) {
        if (rs.troop_types[i].id == id) return i;
    }
    throw std::logic_error("unknown troop type " + std::string(id));
}

std::size_t line_index(const ArmyList& army, std::string_view id) {
    for (std::size_t i = 0; i < roster_size(army); ++i) {
        if (roster_line(army, i).id == id) return i;
    }
    throw std::logic_error("unknown unit line " + std::string(id));
}

/// Whether the leader is the Sultan makes all MILITIA fight with D6 (PS-ARMY-12).
void apply_sultan(const RulesContext& ctx, GameState& s, Side side) {
    if (!s.leaders[idx(side)].sultan) return;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        Unit& u = s.units[i];
        if (u.side == side && ctx.type(u).id == "militia" && u.fight < core::DieType::D6) {
            u.fight = core::DieType::D6;
        }
    }
}

void add_unit(const RulesContext& ctx, GameState& s, Side side, std::size_t line) {
    if (s.unit_count >= kMaxUnits) throw std::logic_error("too many units");
    const UnitLine& l = roster_line(ctx.army(side), line);
    const std::size_t t = type_index(ctx.rs(), l.type);
    const TroopType& tt = ctx.rs().troop_types[t];
    Unit u;
    u.type = static_cast<std::uint8_t>(t);
    u.line = static_cast<std::uint8_t>(line);
    u.side = side;
    u.fight = l.fight;
    if (l.shoot) {
        u.shoot_die = l.shoot->die;
        u.range_half = static_cast<std::uint8_t>(l.shoot->range_half);
    }
    u.move_half = static_cast<std::uint8_t>(l.move_half);
    u.traits = l.traits;
    u.facing = enemy_direction(side);
    for (std::size_t g = 0; g < tt.stands.size() && g < kMaxStandGroups; ++g) {
        u.stands[g] = static_cast<std::uint8_t>(tt.stands[g].count);
    }
    s.units[s.unit_count++] = u;
}

/// Builds a side's units from its list and the upgrades won (PS-ARMY-3, PS-ARMY-5).
void build_units(const RulesContext& ctx, GameState& s, Side side, const std::vector<bool>& won) {
    const ArmyList& army = ctx.army(side);
    std::vector<bool> replaced(army.units.size(), false);
    for (std::size_t k = 0; k < army.upgrades.size(); ++k) {
        if (won[k] && army.upgrades[k].replace_with) replaced[line_index(army, army.upgrades[k].unit)] = true;
    }
    for (std::size_t i = 0; i < army.units.size(); ++i) {
        if (replaced[i]) continue;
        const std::size_t first = s.unit_count;
        for (int n = 0; n < army.units[i].units; ++n) add_unit(ctx, s, side, i);
        for (std::size_t k = 0; k < army.upgrades.size(); ++k) {
            const Upgrade& up = army.upgrades[k];
            if (!won[k] || up.replace_with || up.unit != army.units[i].id) continue;
            const std::size_t last = up.one_unit ? std::min(first + 1, std::size_t{s.unit_count}) : s.unit_count;
            for (std::size_t u = first; u < last; ++u) {
                if (up.fight) s.units[u].fight = *up.fight;
                s.units[u].upgrade = static_cast<std::uint8_t>(k);
            }
        }
    }
    std::size_t rline = army.units.size();
    for (std::size_t k = 0; k < army.upgrades.size(); ++k) {
        if (!army.upgrades[k].replace_with) continue;
        if (won[k]) {
            for (int n = 0; n < army.upgrades[k].replace_with->units; ++n) {
                add_unit(ctx, s, side, rline);
                s.units[s.unit_count - 1u].upgrade = static_cast<std::uint8_t>(k);
            }
        }
        ++rline;
    }
}

void standard_deck(const RulesContext& ctx, Deck& d) {
    d = Deck{};
    for (int k = 0; k < kCardKindCount; ++k) {
        int n = ctx.rs().deck[static_cast<std::size_t>(k)];
        const auto kind = static_cast<CardKind>(k);
        // PS-CARD-12: the option swaps one Milling Around for Command Indecision.
        if (ctx.rs().command_indecision && kind == CardKind::MillingAround && n > 0) {
            --n;
            d.cards[d.size++] = CardKind::CommandIndecision;
        }
        for (int i = 0; i < n && d.size < kMaxDeck; ++i) d.cards[d.size++] = kind;
    }
}

void add_card(Deck& d, CardKind c) {
    if (d.size < kMaxDeck) d.cards[d.size++] = c;
}

bool in_zone(const GameState& s, Side side, Square sq) {
    return side == Side::A ? sq.y < s.deployment_ranks : sq.y >= s.ranks - s.deployment_ranks;
}

bool side_deployed(const GameState& s, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].side == side && !s.units[i].deployed) return false;
    }
    return s.leaders[idx(side)].deployed;
}

/// Steps 3 to 6 of PS-SETUP-1, once every army choice is made.
void after_choices(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
void start_terrain_adjust(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
void start_deployment(GameState& s);

/// Moves set-up on to the next choice still due, or to step 3.
void next_choice(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    for (Side side : {Side::A, Side::B}) {
        if (s.extra_unit_roll[idx(side)] != 0) {
            s.decision = Decision::ExtraUnitChoice;
            s.decider = side;
            return;
        }
        if (s.extra_card_due[idx(side)]) {
            s.decision = Decision::ExtraCardChoice;
            s.decider = side;
            return;
        }
    }
    after_choices(ctx, s, dice, ev);
}

const ExtraUnitResult* extra_result(const ArmyList& army, int roll) {
    if (!army.extra_unit) return nullptr;
    for (const auto& r : army.extra_unit->results) {
        if (roll >= r.on_low && roll <= r.on_high) return &r;
    }
    return nullptr;
}

void gain_extra_unit(const RulesContext& ctx, GameState& s, Side side, int roll, std::size_t line,
                     Events& ev) {
    add_unit(ctx, s, side, line);  // base statistics (PS-ARMY-5), Sultan militia excepted
    apply_sultan(ctx, s, side);
    ev.push_back(ExtraUnitRolled{side, roll, static_cast<std::uint8_t>(line), true});
}

/// PS-TERRAIN-6: alternate placements, starting with the D4 winner.
void next_terrain_placer(const RulesContext& ctx, GameState& s, Side last, core::Dice& dice, Events& ev) {
    const Side o = other(last);
    if (s.terrain_to_place[idx(o)] > 0) {
        s.decider = o;
    } else if (s.terrain_to_place[idx(last)] > 0) {
        s.decider = last;
    } else {
        start_terrain_adjust(ctx, s, dice, ev);
        return;
    }
    s.decision = Decision::PlaceTerrain;
}

bool can_adjust(const GameState& s, Side side) {
    for (std::size_t i = 0; i < s.terrain_piece_count; ++i) {
        if (s.terrain_pieces[i].kind != TerrainKind::Stream) return true;  // own or opponent's
    }
    (void)side;
    return false;
}

/// Whom PS-TERRAIN-8 asks next: the side that placed fewer goes first (A if equal).
void next_adjuster(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    (void)dice;
    (void)ev;
    (void)ctx;
    // Pieces, not choices: a stream is one terrain piece (PS-TERRAIN-1) even though it used two
    // of its side's choices (PS-TERRAIN-3).
    std::array<int, 2> placed{};
    for (std::size_t i = 0; i < s.terrain_piece_count; ++i) ++placed[idx(s.terrain_pieces[i].owner)];
    const Side first = placed[1] < placed[0] ? Side::B : Side::A;
    for (Side side : {first, other(first)}) {
        if (!s.terrain_adjusted[idx(side)] && can_adjust(s, side)) {
            s.decision = Decision::AdjustTerrain;
            s.decider = side;
            return;
        }
    }
    start_deployment(s);
}

void start_terrain_adjust(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    next_adjuster(ctx, s, dice, ev);
}

void start_deployment(GameState& s) {
    // PS-SETUP-5: the terrain roll-off winner deploys first (A on a tie).
    s.decision = Decision::Deploy;
    s.decider = s.terrain_first;
}

void after_choices(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    // 3. Opportunity chips (PS-SETUP-2); they are reset each phase (PS-OPP-1).
    s.opportunity_chips = {static_cast<std::uint8_t>(ctx.rs().opportunity_chips),
                           static_cast<std::uint8_t>(ctx.rs().opportunity_chips)};
    // 4. Shuffle the decks, A first (PS-SETUP-1).
    for (Side side : {Side::A, Side::B}) {
        shuffle(s.decks[idx(side)], dice);
        ev.push_back(DeckShuffled{side});
    }
    // 5. Morale chips: D10 + 8, A then B; the Sultan adds 3 (PS-SETUP-4, PS-ARMY-12).
    for (Side side : {Side::A, Side::B}) {
        const int roll = dice.roll(ctx.rs().morale_chips.die, core::RollPurpose::MoraleChips);
        int chips = roll + ctx.rs().morale_chips.add;
        if (s.leaders[idx(side)].sultan) chips += 3;
        s.morale_chips[idx(side)] = static_cast<std::int16_t>(chips);
        ev.push_back(MoraleChipsRolled{side, roll, chips});
    }
    // 6. Terrain allotment: D4 each, A first; the higher places all but one, the lower one;
    // a tie splits them (PS-TERRAIN-2).
    const int ra = dice.roll(core::DieType::D4, core::RollPurpose::TerrainAllotment);
    const int rb = dice.roll(core::DieType::D4, core::RollPurpose::TerrainAllotment);
    const int total = ctx.rs().terrain_pieces;
    int pa = total / 2;
    int pb = total - pa;
    if (ra != rb) {
        const int high = total > 0 ? total - 1 : 0;
        const int low = total - high;
        pa = ra > rb ? high : low;
        pb = ra > rb ? low : high;
    }
    s.terrain_to_place = {static_cast<std::uint8_t>(pa), static_cast<std::uint8_t>(pb)};
    s.terrain_first = rb > ra ? Side::B : Side::A;
    ev.push_back(TerrainAllotted{ra, rb, s.terrain_to_place[0], s.terrain_to_place[1]});
    if (s.terrain_to_place[idx(s.terrain_first)] > 0) {
        s.decision = Decision::PlaceTerrain;
        s.decider = s.terrain_first;
    } else {
        next_terrain_placer(ctx, s, s.terrain_first, dice, ev);
    }
}

// --- terrain checks ----------------------------------------------------------------------------

bool near_side_edge(const GameState& s, Square q) { return q.x < 4 || q.x >= s.files - 4; }

/// Why a terrain piece may not be placed, as a code and the square concerned: no text is built,
/// since the listing asks this of every square of the board and reads only whether it may.
/// check_place_terrain explains a refusal to the person who asked.
enum class TerrainRefusal : std::uint8_t {
    None,
    OffBoard,       ///< `at` is off the board
    HasTerrain,     ///< `at` already has terrain
    StreamChoices,  ///< a stream takes 2 of the side's choices
    SecondStream,
    StreamLength,  ///< not one square in each file
    StreamFiles,   ///< not in file order
    StreamRanks,   ///< outside the ranks between the deployment zones
    StreamBend,    ///< more than a rank between neighbouring files
    PieceSize,
    NoRoom,
    Diagonal,
    NotNearEdge,  ///< `at` is not within 4 squares of a side edge
};

struct TerrainVerdict {
    TerrainRefusal why = TerrainRefusal::None;
    Square at{};
};

TerrainVerdict terrain_verdict(const GameState& s, const PlaceTerrain& t) {
    const Side side = s.decider;
    for (Square q : t.squares) {
        if (!s.on_board(q)) return {TerrainRefusal::OffBoard, q};
        if (s.terrain[static_cast<std::size_t>(s.square_index(q))] != 0)
            return {TerrainRefusal::HasTerrain, q};
    }
    if (t.kind == TerrainKind::Stream) {
        // PS-TERRAIN-3, PS-TERRAIN-7.
        if (s.terrain_to_place[idx(side)] < 2) return {TerrainRefusal::StreamChoices};
        if (s.has_stream) return {TerrainRefusal::SecondStream};
        if (t.squares.size() != s.files) return {TerrainRefusal::StreamLength};
        for (std::size_t i = 0; i < t.squares.size(); ++i) {
            const Square q = t.squares[i];
            if (q.x != static_cast<int>(i)) return {TerrainRefusal::StreamFiles, q};
            if (q.y < s.deployment_ranks || q.y >= s.ranks - s.deployment_ranks)
                return {TerrainRefusal::StreamRanks, q};
            if (i > 0 && core::abs_int(q.y - t.squares[i - 1].y) > 1)
                return {TerrainRefusal::StreamBend, q};
        }
        return {};
    }
    // PS-TERRAIN-4, PS-TERRAIN-5.
    if (t.squares.empty() || t.squares.size() > 2) return {TerrainRefusal::PieceSize};
    if (s.terrain_piece_count >= kMaxTerrainPieces) return {TerrainRefusal::NoRoom};
    if (t.squares.size() == 2 && core::dist2(t.squares[0], t.squares[1]) != 2)
        return {TerrainRefusal::Diagonal};
    for (Square q : t.squares) {
        if (!near_side_edge(s, q)) return {TerrainRefusal::NotNearEdge, q};
    }
    return {};
}

bool may_place_terrain(const GameState& s, const PlaceTerrain& t) {
    return terrain_verdict(s, t).why == TerrainRefusal::None;
}

Why check_place_terrain(const GameState& s, const PlaceTerrain& t) {
    const TerrainVerdict v = terrain_verdict(s, t);
    const auto file = [](int x) { return std::string(1, static_cast<char>('a' + x)); };
    switch (v.why) {
        case TerrainRefusal::None:
            return std::nullopt;
        case TerrainRefusal::OffBoard:
            return core::to_string(v.at) + " is off the board";
        case TerrainRefusal::HasTerrain:
            return core::to_string(v.at) + " already has terrain";
        case TerrainRefusal::StreamChoices:
            return std::string("a stream takes 2 of your terrain choices");
        case TerrainRefusal::SecondStream:
            return std::string("there is already a stream");
        case TerrainRefusal::StreamLength:
            return "a stream needs " + std::to_string(s.files) +
                   " squares, one in each file, a to " + file(s.files - 1);
        case TerrainRefusal::StreamFiles:
            return std::string("the stream's squares must run a, b, c ... one per file");
        case TerrainRefusal::StreamRanks:
            return "the stream must stay between the deployment zones (ranks " +
                   std::to_string(s.deployment_ranks + 1) + " to " +
                   std::to_string(s.ranks - s.deployment_ranks) + ")";
        case TerrainRefusal::StreamBend:
            return std::string("the stream may move at most one rank between neighbouring files");
        case TerrainRefusal::PieceSize:
            return std::string("a piece covers 1 or 2 squares");
        case TerrainRefusal::NoRoom:
            return std::string("no room for more terrain");
        case TerrainRefusal::Diagonal:
            return std::string("the two squares of a piece must be side by side (not diagonal)");
        case TerrainRefusal::NotNearEdge:
            return core::to_string(v.at) +
                   " is not within 4 squares of a side edge (files a-d or " + file(s.files - 4) +
                   "-" + file(s.files - 1) + ")";
    }
    return std::nullopt;
}

void place_piece(GameState& s, const TerrainPiece& p) {
    s.terrain_pieces[s.terrain_piece_count] = p;
    const auto cell = static_cast<std::uint8_t>(1 + s.terrain_piece_count);
    ++s.terrain_piece_count;
    for (std::uint8_t i = 0; i < p.count; ++i) s.terrain[static_cast<std::size_t>(s.square_index(p.squares[i]))] = cell;
}

std::optional<std::size_t> piece_index_at(const GameState& s, Square q) {
    if (!s.on_board(q)) return std::nullopt;
    const std::uint8_t c = s.terrain[static_cast<std::size_t>(s.square_index(q))];
    if (c == 0 || c == kStreamCell) return std::nullopt;
    return c - 1u;
}

void remove_piece(GameState& s, std::size_t index) {
    // Clear and renumber the cells of the later pieces.
    for (auto& c : s.terrain) {
        if (c == 0 || c == kStreamCell) continue;
        if (c - 1u == index) {
            c = 0;
        } else if (c - 1u > index) {
            --c;
        }
    }
    for (std::size_t i = index; i + 1 < s.terrain_piece_count; ++i) s.terrain_pieces[i] = s.terrain_pieces[i + 1];
    --s.terrain_piece_count;
    s.terrain_pieces[s.terrain_piece_count] = TerrainPiece{};
}

/// PS-TERRAIN-9: the piece keeps its shape; its first square goes on the centre square or the
/// nearest free position (distance from the centre, then rank, then file).
std::optional<std::array<Square, 2>> centre_position(const GameState& s, std::size_t index) {
    const TerrainPiece& p = s.terrain_pieces[index];
    const Square centre = core::make_square(s.files / 2, s.ranks / 2);
    core::Offset second{0, 0};
    if (p.count == 2) {
        second = p.squares[1] - p.squares[0];
        // Keep the orientation; the second square goes north (vertical) or east (horizontal).
        second = second.dx != 0 ? core::Offset{1, 0} : core::Offset{0, 1};
    }
    std::vector<Square> candidates;
    for (int y = 0; y < s.ranks; ++y) {
        for (int x = 0; x < s.files; ++x) candidates.push_back(core::make_square(x, y));
    }
    std::stable_sort(candidates.begin(), candidates.end(), [&](Square a, Square b) {
        const int da = core::dist2(a, centre);
        const int db = core::dist2(b, centre);
        if (da != db) return da < db;
        if (a.y != b.y) return a.y < b.y;
        return a.x < b.x;
    });
    const auto free_for = [&](Square q) {
        if (!s.on_board(q)) return false;
        const std::uint8_t c = s.terrain[static_cast<std::size_t>(s.square_index(q))];
        return c == 0 || c == index + 1;
    };
    for (Square first : candidates) {
        const Square two = core::make_square(first.x + second.dx, first.y + second.dy);
        if (free_for(first) && (p.count < 2 || free_for(two))) return std::array<Square, 2>{first, two};
    }
    return std::nullopt;
}

Why check_adjust(const GameState& s, const AdjustTerrain& a) {
    if (a.action == AdjustTerrain::Action::Pass) return std::nullopt;
    const auto p = piece_index_at(s, a.square);
    if (!p) return core::to_string(a.square) + " holds no wood, building or hill";
    const TerrainPiece& piece = s.terrain_pieces[*p];
    if (a.action == AdjustTerrain::Action::Remove && piece.owner == s.decider) {
        return std::string("you may remove only a piece your opponent placed (PS-TERRAIN-8)");
    }
    if (a.action == AdjustTerrain::Action::Centre && piece.owner != s.decider) {
        return std::string("you may move only a piece you placed (PS-TERRAIN-8)");
    }
    return std::nullopt;
}

// --- deployment ----------------------------------------------------------------------------

std::optional<std::size_t> unit_by_label(const RulesContext& ctx, const GameState& s, Side side,
                                         std::string_view label) {
    // unit_label's numbering, counted in one pass without building each label.
    if (label.size() < 2) return std::nullopt;
    std::array<int, 256> seen{};  // units of the side so far, by glyph
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        const char glyph = ctx.type(u).glyph;
        if (u.side != side) continue;
        const int n = ++seen[static_cast<unsigned char>(glyph)];
        const char shown = glyph >= 'a' && glyph <= 'z' ? static_cast<char>(glyph - 'a' + 'A') : glyph;
        if (shown != label[0]) continue;
        std::array<char, 12> digits{};
        const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
        if (label.substr(1) == std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data()))) return i;
    }
    return std::nullopt;
}

Why check_deploy_square(const RulesContext& ctx, const GameState& s, const Unit& u, Square sq) {
    if (!s.on_board(sq)) return core::to_string(sq) + " is off the board";
    if (!in_zone(s, u.side, sq)) {
        return core::to_string(sq) + " is outside your deployment zone (ranks " +
               (u.side == Side::A ? "1 to " + std::to_string(s.deployment_ranks)
                                  : std::to_string(s.ranks - s.deployment_ranks + 1) + " to " +
                                        std::to_string(s.ranks)) +
               ")";
    }
    if (unit_at(s, sq, u.side)) return core::to_string(sq) + " already holds one of your units";
    if (!terrain_allows(ctx, s, u, sq)) {
        return ctx.type(u).name + " may not stand in " + core::to_string(sq) + "'s terrain (PS-TERRAIN-11)";
    }
    return std::nullopt;
}

void finish_deploy_step(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);

/// The standard layout: infantry and guns in the middle of the front ranks, cavalry on the
/// wings, facing the enemy; the leader behind the centre.
void deploy_auto(const RulesContext& ctx, GameState& s, Side side, Events& ev) {
    std::vector<std::size_t> foot;
    std::vector<std::size_t> horse;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != side || u.deployed) continue;
        (ctx.type(u).category == Category::Cavalry ? horse : foot).push_back(i);
    }
    const int centre = s.files / 2;
    // Columns from the centre outward: c, c-1, c+1, c-2, c+2, ...
    std::vector<int> columns;
    for (int d = 0; d <= s.files; ++d) {
        if (centre - d >= 0) columns.push_back(centre - d);
        if (d > 0 && centre + d < s.files) columns.push_back(centre + d);
    }
    std::vector<int> rows;  // front rank first
    for (int r = 0; r < s.deployment_ranks; ++r) rows.push_back(side == Side::A ? s.deployment_ranks - 1 - r : s.ranks - s.deployment_ranks + r);
    const auto place = [&](std::size_t i, bool wings) {
        Unit& u = s.units[i];
        for (int row : rows) {
            std::vector<int> order = columns;
            if (wings) std::reverse(order.begin(), order.end());
            for (int col : order) {
                const Square q = core::make_square(col, row);
                if (!check_deploy_square(ctx, s, u, q)) {
                    u.deployed = true;
                    u.square = q;
                    u.facing = enemy_direction(side);
                    ev.push_back(UnitDeployed{static_cast<std::uint8_t>(i), q, u.facing});
                    return;
                }
            }
        }
    };
    for (std::size_t i : foot) place(i, false);
    for (std::size_t i : horse) place(i, true);
    Leader& l = s.leaders[idx(side)];
    if (!l.deployed) {
        l.deployed = true;
        l.square = core::make_square(centre, rows.size() > 1 ? rows[1] : rows[0]);
        l.attached = kNone;
        ev.push_back(LeaderDeployed{side, l.square, false});
    }
}

}  // namespace

bool terrain_allows(const RulesContext& ctx, const GameState& s, const Unit& u, Square sq) {
    const TroopType& t = ctx.type(u);
    if (t.prohibited.empty()) return true;
    if (s.stream_at(sq)) return !t.prohibited.contains(TerrainKind::Stream);
    if (const TerrainPiece* p = s.piece_at(sq)) return !t.prohibited.contains(p->kind);
    return true;
}

Why check_setup(const RulesContext& ctx, const GameState& s, const Command& c) {
    return std::visit(
        Overloaded{
            [&](const ChooseExtraUnit& x) -> Why {
                if (s.decision != Decision::ExtraUnitChoice) return std::string("no extra unit to choose now");
                const ArmyList& army = ctx.army(s.decider);
                const ExtraUnitResult* r = extra_result(army, s.extra_unit_roll[idx(s.decider)]);
                if (!r) return std::string("no extra unit to choose now");
                if (std::find(r->units.begin(), r->units.end(), x.line) == r->units.end()) {
                    std::string opts;
                    for (const auto& n : r->units) opts += (opts.empty() ? "" : " or ") + n;
                    return "the roll offers " + opts;
                }
                return std::nullopt;
            },
            [&](const ChooseExtraCard& x) -> Why {
                if (s.decision != Decision::ExtraCardChoice) return std::string("no card to choose now");
                const auto& opts = ctx.army(s.decider).extra_card;
                if (std::find(opts.begin(), opts.end(), x.card) == opts.end()) {
                    return std::string(to_string(x.card)) + " is not one of your army's extra cards";
                }
                return std::nullopt;
            },
            [&](const PlaceTerrain& x) -> Why {
                if (s.decision != Decision::PlaceTerrain) return std::string("terrain is not being placed now");
                return check_place_terrain(s, x);
            },
            [&](const PassTerrain&) -> Why {
                if (s.decision != Decision::PlaceTerrain) return std::string("terrain is not being placed now");
                return std::nullopt;
            },
            [&](const AdjustTerrain& x) -> Why {
                if (s.decision != Decision::AdjustTerrain) return std::string("terrain is not being adjusted now");
                return check_adjust(s, x);
            },
            [&](const Deploy& x) -> Why {
                if (s.decision != Decision::Deploy) return std::string("it is not time to deploy");
                const auto u = unit_by_label(ctx, s, s.decider, x.unit);
                if (!u) return "you have no unit " + x.unit.str();
                if (s.units[*u].deployed) return x.unit.str() + " is already deployed";
                return check_deploy_square(ctx, s, s.units[*u], x.square);
            },
            [&](const DeployLeader& x) -> Why {
                if (s.decision != Decision::Deploy) return std::string("it is not time to deploy");
                if (s.leaders[idx(s.decider)].deployed) return std::string("your leader is already deployed");
                if (!s.on_board(x.square) || !in_zone(s, s.decider, x.square)) {
                    return core::to_string(x.square) + " is outside your deployment zone";
                }
                if (x.attach && !unit_at(s, x.square, s.decider)) {
                    return "no unit of yours in " + core::to_string(x.square) + " to attach to";
                }
                return std::nullopt;
            },
            [&](const DeployAuto&) -> Why {
                if (s.decision != Decision::Deploy) return std::string("it is not time to deploy");
                return std::nullopt;
            },
            [&](const auto&) -> Why { return std::string("not a set-up command"); },
        },
        c);
}

void apply_setup(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev) {
    const Side side = s.decider;
    std::visit(
        Overloaded{
            [&](const ChooseExtraUnit& x) {
                const int roll = s.extra_unit_roll[idx(side)];
                s.extra_unit_roll[idx(side)] = 0;
                gain_extra_unit(ctx, s, side, roll, line_index(ctx.army(side), x.line), ev);
                next_choice(ctx, s, dice, ev);
            },
            [&](const ChooseExtraCard& x) {
                add_card(s.decks[idx(side)], x.card);
                s.extra_card_due[idx(side)] = false;
                ev.push_back(ExtraCardChosen{side, x.card});
                next_choice(ctx, s, dice, ev);
            },
            [&](const PlaceTerrain& x) {
                if (x.kind == TerrainKind::Stream) {
                    for (Square q : x.squares) s.terrain[static_cast<std::size_t>(s.square_index(q))] = kStreamCell;
                    s.has_stream = true;
                    s.terrain_to_place[idx(side)] = static_cast<std::uint8_t>(s.terrain_to_place[idx(side)] - 2);
                    // The stream is recorded as a piece without squares, for ownership counts.
                    TerrainPiece p{TerrainKind::Stream, side, 0, {}};
                    s.terrain_pieces[s.terrain_piece_count++] = p;
                } else {
                    TerrainPiece p{x.kind, side, static_cast<std::uint8_t>(x.squares.size()), {}};
                    for (std::size_t i = 0; i < x.squares.size(); ++i) p.squares[i] = x.squares[i];
                    place_piece(s, p);
                    --s.terrain_to_place[idx(side)];
                }
                ev.push_back(TerrainPlaced{side, x.kind, x.squares.front(), static_cast<std::uint8_t>(x.squares.size())});
                next_terrain_placer(ctx, s, side, dice, ev);
            },
            [&](const PassTerrain&) {
                s.terrain_to_place[idx(side)] = 0;
                next_terrain_placer(ctx, s, side, dice, ev);
            },
            [&](const AdjustTerrain& x) {
                s.terrain_adjusted[idx(side)] = true;
                if (x.action != AdjustTerrain::Action::Pass) {
                    // PS-TERRAIN-8: a 6 on a D6 is needed.
                    const int roll = dice.roll(core::DieType::D6, core::RollPurpose::TerrainAdjustment);
                    const bool ok = roll == 6;
                    const std::size_t p = *piece_index_at(s, x.square);
                    TerrainAdjusted e{side, x.action == AdjustTerrain::Action::Remove, x.square, x.square, roll, ok};
                    if (ok && e.removed) {
                        remove_piece(s, p);
                    } else if (ok) {
                        if (auto pos = centre_position(s, p)) {
                            TerrainPiece piece = s.terrain_pieces[p];
                            for (auto& cell : s.terrain) {
                                if (cell == p + 1) cell = 0;
                            }
                            piece.squares = *pos;
                            if (piece.count < 2) piece.squares[1] = Square{};  // keep unused slots at default
                            s.terrain_pieces[p] = piece;
                            for (std::uint8_t i = 0; i < piece.count; ++i) {
                                s.terrain[static_cast<std::size_t>(s.square_index(piece.squares[i]))] = static_cast<std::uint8_t>(p + 1);
                            }
                            e.to = piece.squares[0];
                        }
                    }
                    ev.push_back(e);
                }
                next_adjuster(ctx, s, dice, ev);
            },
            [&](const Deploy& x) {
                const std::size_t u = *unit_by_label(ctx, s, side, x.unit);
                s.units[u].deployed = true;
                s.units[u].square = x.square;
                s.units[u].facing = x.facing;
                ev.push_back(UnitDeployed{static_cast<std::uint8_t>(u), x.square, x.facing});
                finish_deploy_step(ctx, s, dice, ev);
            },
            [&](const DeployLeader& x) {
                Leader& l = s.leaders[idx(side)];
                l.deployed = true;
                l.square = x.square;
                l.attached = x.attach ? static_cast<std::uint8_t>(*unit_at(s, x.square, side)) : kNone;
                ev.push_back(LeaderDeployed{side, x.square, x.attach});
                finish_deploy_step(ctx, s, dice, ev);
            },
            [&](const DeployAuto&) {
                deploy_auto(ctx, s, side, ev);
                finish_deploy_step(ctx, s, dice, ev);
            },
            [&](const auto&) { throw IllegalCommand("not a set-up command"); },
        },
        c);
}

namespace {

void finish_deploy_step(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    if (!side_deployed(s, s.decider)) return;
    const Side o = other(s.decider);
    if (!side_deployed(s, o)) {
        s.decider = o;
        return;
    }
    // 8. Nightfall: D6 + 4, rolled once (PS-SETUP-6). 9. The first initiative roll.
    const int roll = dice.roll(ctx.rs().nightfall.die, core::RollPurpose::Nightfall);
    s.nightfall_turn = static_cast<std::uint8_t>(roll + ctx.rs().nightfall.add);
    ev.push_back(NightfallRolled{roll, s.nightfall_turn});
    s.turn = 1;
    roll_initiative(ctx, s, dice, ev);
}

}  // namespace

void legal_setup(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out) {
    const Side side = s.decider;
    switch (s.decision) {
        case Decision::ExtraUnitChoice:
            if (const auto* r = extra_result(ctx.army(side), s.extra_unit_roll[idx(side)])) {
                for (const auto& n : r->units) out.push_back(ChooseExtraUnit{n});
            }
            break;
        case Decision::ExtraCardChoice:
            for (CardKind k : ctx.army(side).extra_card) out.push_back(ChooseExtraCard{k});
            break;
        case Decision::PlaceTerrain: {
            out.push_back(PassTerrain{});
            // terrain_verdict's tests of a piece of one or two squares side by side, asked of
            // every square without making up the piece: a free square of the board within 4
            // squares of a side edge, and room for one more piece (PS-TERRAIN-4, PS-TERRAIN-5).
            // A piece is built only when the list keeps it or wants it.
            const auto free_square = [&](int x, int y) {
                return x >= 0 && y >= 0 && x < s.files && y < s.ranks &&
                       s.terrain[static_cast<std::size_t>(y * s.files + x)] == 0 &&
                       near_side_edge(s, core::make_square(x, y));
            };
            const auto add = [&](const auto& make) {
                if (out.wants(1)) {
                    out.push_back(make());
                } else {
                    out.skip(1);
                }
            };
            if (s.terrain_piece_count < kMaxTerrainPieces) {
                // At most three pieces at each square, of each of the three kinds.
                out.expect(3 * 3 * static_cast<std::size_t>(s.files) * s.ranks);
                for (TerrainKind k : {TerrainKind::Wood, TerrainKind::Building, TerrainKind::Hill}) {
                    for (int y = 0; y < s.ranks; ++y) {
                        for (int x = 0; x < s.files; ++x) {
                            // Every piece has this square: refused if it is not free.
                            if (!free_square(x, y)) continue;
                            const Square q = core::make_square(x, y);
                            add([&] { return PlaceTerrain{k, {q}}; });
                            for (core::Offset d : {core::Offset{1, 0}, core::Offset{0, 1}}) {
                                const Square q2 = core::make_square(x + d.dx, y + d.dy);
                                if (free_square(q2.x, q2.y)) add([&] { return PlaceTerrain{k, {q, q2}}; });
                            }
                        }
                    }
                }
            }
            // Streams are too many to list (up to 3^14 shapes per start): the straight ones stand
            // for them, and any other legal chain is accepted too (docs/commands.md).
            if (s.terrain_to_place[idx(side)] >= 2 && !s.has_stream) {
                for (int y = s.deployment_ranks; y < s.ranks - s.deployment_ranks; ++y) {
                    PlaceTerrain st{TerrainKind::Stream, {}};
                    for (int x = 0; x < s.files; ++x) st.squares.push_back(core::make_square(x, y));
                    if (may_place_terrain(s, st)) out.push_back(std::move(st));
                }
            }
            break;
        }
        case Decision::AdjustTerrain:
            out.push_back(AdjustTerrain{AdjustTerrain::Action::Pass, {}});
            for (std::size_t i = 0; i < s.terrain_piece_count; ++i) {
                const TerrainPiece& p = s.terrain_pieces[i];
                if (p.kind == TerrainKind::Stream) continue;
                // Any square of the piece names it.
                for (std::uint8_t k = 0; k < p.count; ++k) {
                    out.push_back(AdjustTerrain{p.owner == side ? AdjustTerrain::Action::Centre : AdjustTerrain::Action::Remove, p.squares[k]});
                }
            }
            break;
        case Decision::Deploy: {
            out.push_back(DeployAuto{});
            // The same test as check_deploy_square, over the side's zone only (in_zone), with the
            // side's squares looked up once: this list runs to thousands of commands, which a
            // random choice counts, unit by unit, without building them.
            const int y0 = side == Side::A ? 0 : std::max(0, s.ranks - s.deployment_ranks);
            const int y1 = side == Side::A ? std::min<int>(s.deployment_ranks, s.ranks) : s.ranks;
            std::array<Square, kMaxSquares> open{};  // the zone's squares no unit of the side holds
            std::size_t open_count = 0;
            std::size_t held = 0;  // the zone's squares a unit of the side holds
            for (int y = y0; y < y1; ++y) {
                for (int x = 0; x < s.files; ++x) {
                    const Square q = core::make_square(x, y);
                    if (occ.any(q, side)) {
                        ++held;
                    } else {
                        open[open_count++] = q;
                    }
                }
            }
            std::size_t waiting = 0;  // units still to deploy
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                if (s.units[i].side == side && !s.units[i].deployed) ++waiting;
            }
            // At most: every waiting unit in every square of the zone, facing 8 ways; and the leader.
            const auto zone = static_cast<std::size_t>(s.files) * static_cast<std::size_t>(y1 - y0);
            out.expect(waiting * zone * static_cast<std::size_t>(core::kFacings) + 2 * zone);
            out.reserve_more(waiting * zone * static_cast<std::size_t>(core::kFacings) + 2 * zone + 1);
            // terrain_allows for the zone's open squares, by their terrain (PS-TERRAIN-11).
            const auto allows = [&](const TroopType& type, Square q) {
                const std::uint8_t c = s.terrain[static_cast<std::size_t>(s.square_index(q))];
                if (c == 0) return true;
                return !type.prohibited.contains(c == kStreamCell ? TerrainKind::Stream : s.terrain_pieces[c - 1u].kind);
            };
            int last_type = -1;  // units of one type, listed one after another, share a count
            std::size_t last_squares = 0;
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                const Unit& u = s.units[i];
                if (u.side != side || u.deployed) continue;
                // A unit barred from no terrain may stand in every open square (PS-TERRAIN-11).
                const TroopType& type = ctx.type(u);
                const bool anywhere = type.prohibited.empty();
                std::size_t squares = open_count;
                if (!anywhere && u.type == last_type) {
                    squares = last_squares;
                } else if (!anywhere) {
                    squares = 0;
                    for (std::size_t k = 0; k < open_count; ++k) squares += allows(type, open[k]) ? 1 : 0;
                    last_type = u.type;
                    last_squares = squares;
                }
                const std::size_t commands = squares * static_cast<std::size_t>(core::kFacings);
                if (!out.wants(commands)) {
                    out.skip(commands);
                    continue;
                }
                const UnitLabel label(unit_label(ctx, s, i));
                for (std::size_t k = 0; k < open_count; ++k) {
                    const Square q = open[k];
                    if (!anywhere && !allows(type, q)) continue;
                    if (!out.wants(std::size_t{core::kFacings})) {
                        out.skip(std::size_t{core::kFacings});
                        continue;
                    }
                    for (Facing f : core::kAllFacings) out.push_back(Deploy{label, q, f});
                }
            }
            if (!s.leaders[idx(side)].deployed) {
                // Each square of the zone, and attached to the unit in it where there is one.
                if (!out.wants(zone + held)) {
                    out.skip(zone + held);
                    break;
                }
                for (int y = y0; y < y1; ++y) {
                    for (int x = 0; x < s.files; ++x) {
                        const Square q = core::make_square(x, y);
                        out.push_back(DeployLeader{q, false});
                        if (occ.any(q, side)) out.push_back(DeployLeader{q, true});
                    }
                }
            }
            break;
        }
        default:
            break;
    }
}

}  // namespace detail

// --- public ------------------------------------------------------------------------------------

Events new_game(const RulesContext& ctx, GameState& s, core::Dice& dice) {
    using namespace detail;
    Events ev;
    s = GameState{};
    const Ruleset& rs = ctx.rs();
    s.files = static_cast<std::uint8_t>(rs.board_files);
    s.ranks = static_cast<std::uint8_t>(rs.board_ranks);
    s.deployment_ranks = static_cast<std::uint8_t>(rs.deployment_ranks);
    // 2. Army rolls, all of A's then all of B's: upgrades in table order, then the extra unit
    // (PS-SETUP-1, PS-ARMY-4, PS-ARMY-5).
    for (Side side : {Side::A, Side::B}) {
        const ArmyList& army = ctx.army(side);
        std::vector<bool> won(army.upgrades.size(), false);
        for (std::size_t k = 0; k < army.upgrades.size(); ++k) {
            const Upgrade& up = army.upgrades[k];
            const int roll = dice.roll(up.die, core::RollPurpose::ArmyUpgrade);
            won[k] = roll >= up.on_low && roll <= up.on_high;
            if (won[k] && up.sultan) s.leaders[idx(side)].sultan = true;
            ev.push_back(UpgradeRolled{side, static_cast<std::uint8_t>(k), roll, won[k]});
        }
        build_units(ctx, s, side, won);
        apply_sultan(ctx, s, side);
        if (army.extra_unit) {
            const int roll = dice.roll(army.extra_unit->die, core::RollPurpose::ExtraUnit);
            const ExtraUnitResult* r = extra_result(army, roll);
            if (r && r->units.size() == 1) {
                gain_extra_unit(ctx, s, side, roll, line_index(army, r->units[0]), ev);
            } else if (r) {
                s.extra_unit_roll[idx(side)] = static_cast<std::uint8_t>(roll);
                ev.push_back(ExtraUnitRolled{side, roll, 0, false});
            }
        }
        standard_deck(ctx, s.decks[idx(side)]);
        if (army.extra_card.size() == 1) {
            add_card(s.decks[idx(side)], army.extra_card[0]);
        } else if (army.extra_card.size() > 1) {
            s.extra_card_due[idx(side)] = true;
        }
    }
    next_choice(ctx, s, dice, ev);
    return ev;
}

std::string unit_label(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const char glyph = ctx.type(u).glyph;
    int n = 0;
    for (std::size_t i = 0; i <= unit; ++i) {
        if (s.units[i].side == u.side && ctx.type(s.units[i]).glyph == glyph) ++n;
    }
    return std::string(1, static_cast<char>(glyph >= 'a' && glyph <= 'z' ? glyph - 'a' + 'A' : glyph)) +
           std::to_string(n);
}

std::optional<std::size_t> unit_at(const GameState& s, Square sq, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.square == sq && u.side == side && u.on_table()) return i;  // the cheapest test first
    }
    return std::nullopt;
}

}  // namespace tercio::rules
