// libFuzzer entry point: any bytes through the same path as `tercio check`. Must never crash,
// hang, leak or trip a sanitizer; every input either loads or yields LoadErrors.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "data/check.hpp"
#include "data/data_files.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/tsp/data/files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The shipped ruleset and armies, so that army and position inputs reach the cross-reference
    // checks; each ruleset's checker, as kits::file_checkers lists them (the program's registry
    // brings the screens with it, which this target does not build). The Sword and the Pike's is
    // here before its kit is registered: its files are read as the program will read them.
    static tercio::data::DataCatalog catalog(TERCIO_FUZZ_DATA_DIR, tercio::rules::Engine::name);
    static const tercio::data::FileCheckers checkers{
        {tercio::rules::file_checker(tercio::rules::resolver(catalog), tercio::rules::context_resolver(catalog)),
         tercio::hbl::file_checker(catalog), tercio::tsp::file_checker(catalog)},
        catalog.engine_resolver()};
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto outcome = tercio::data::check_text("fuzz.toml", text, checkers);
    // Every error must carry a position.
    for (const auto& e : outcome.errors) {
        if (e.line < 1 || e.column < 1 || e.message.empty()) __builtin_trap();
    }
    return 0;
}
