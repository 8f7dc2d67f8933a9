// libFuzzer entry point for saved games: any bytes through parse_save and, when they parse,
// replay_save (or replay_hbl_save, for a Hell Broke Loose save; replay_tsp_save, for a Sword and
// the Pike save) against the ruleset and armies the header names (from the shipped data). Must never crash, hang, leak or trip a sanitizer; every
// input either replays or yields LoadErrors.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/hbl/data/save.hpp"
#include "data/save.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/pikette/data/save.hpp"
#include "kits/tsp/data/files.hpp"
#include "kits/tsp/data/save.hpp"

namespace {

void check_errors(const tercio::data::LoadErrors& errors) {
    // Every error must carry a position.
    for (const auto& e : errors) {
        if (e.line < 1 || e.column < 1 || e.message.empty()) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // Loaded once: the catalog keeps every ruleset and army it has read (or failed to read).
    static tercio::data::DataCatalog catalog(TERCIO_FUZZ_DATA_DIR, tercio::rules::Engine::name);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = tercio::data::parse_save("fuzz.save", text);
    check_errors(parsed.errors);
    if (!parsed.ok()) {
        if (parsed.errors.empty()) __builtin_trap();  // refused without saying why
        return 0;
    }
    const auto& header = parsed.value->header;
    std::string why;
    if (catalog.engine(header.ruleset) == std::string(tercio::hbl::Engine::name)) {
        // A Hell Broke Loose save: replayed by its own rules (kits/hbl/data/save.hpp).
        const tercio::hbl::Context hctx{tercio::hbl::ruleset(catalog, header.ruleset, why),
                                        {tercio::hbl::army(catalog, header.ruleset, header.sides[0].army, why),
                                         tercio::hbl::army(catalog, header.ruleset, header.sides[1].army, why)}};
        if (!hctx.ruleset || !hctx.armies[0] || !hctx.armies[1]) return 0;
        const auto replayed = tercio::hbl::replay_hbl_save("fuzz.save", *parsed.value, hctx);
        check_errors(replayed.errors);
        if (!replayed.ok() && replayed.errors.empty()) __builtin_trap();
        return 0;
    }
    if (catalog.engine(header.ruleset) == std::string(tercio::tsp::Engine::name)) {
        // A Sword and the Pike save: replayed by its own rules (kits/tsp/data/save.hpp).
        const tercio::tsp::Context tctx{tercio::tsp::ruleset(catalog, header.ruleset, why),
                                        {tercio::tsp::army(catalog, header.ruleset, header.sides[0].army, why),
                                         tercio::tsp::army(catalog, header.ruleset, header.sides[1].army, why)}};
        if (!tctx.ruleset || !tctx.armies[0] || !tctx.armies[1]) return 0;
        const auto replayed = tercio::tsp::replay_tsp_save("fuzz.save", *parsed.value, tctx);
        check_errors(replayed.errors);
        if (!replayed.ok() && replayed.errors.empty()) __builtin_trap();
        return 0;
    }
    const auto ctx = tercio::rules::context(catalog, header.ruleset, {header.sides[0].army, header.sides[1].army}, why);
    if (!ctx) return 0;  // names data that is not shipped: the game would refuse it before replaying
    const auto replayed = tercio::rules::replay_save("fuzz.save", *parsed.value, *ctx);
    check_errors(replayed.errors);
    if (!replayed.ok() && replayed.errors.empty()) __builtin_trap();  // refused without saying why
    return 0;
}
