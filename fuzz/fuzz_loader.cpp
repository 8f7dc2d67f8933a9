// libFuzzer entry point: any bytes through the same path as `tercio check`. Must never crash,
// hang, leak or trip a sanitizer; every input either loads or yields LoadErrors.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "data/data_files.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The shipped ruleset and armies, so that army and position inputs reach the cross-reference
    // checks.
    static tercio::data::DataCatalog catalog(TERCIO_FUZZ_DATA_DIR);
    static const auto resolve = catalog.resolver();
    static const auto context = catalog.context_resolver();
    // Hell Broke Loose's too: an army naming the hell-broke-loose ruleset is read as its own.
    static const auto hbl = catalog.hbl_resolvers();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto outcome = tercio::data::check_text("fuzz.toml", text, resolve, context, {}, hbl);
    // Every error must carry a position.
    for (const auto& e : outcome.errors) {
        if (e.line < 1 || e.column < 1 || e.message.empty()) __builtin_trap();
    }
    return 0;
}
