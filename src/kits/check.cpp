#include "kits/check.hpp"

#include "kits/registry.hpp"

namespace tercio::kits {

data::FileCheckers file_checkers(data::DataCatalog& catalog) {
    data::FileCheckers out;
    for_each_kit([&]<class K>(KitTag<K>) { out.engines.push_back(K::Files::checker(catalog)); });
    out.engine = catalog.engine_resolver();
    return out;
}

data::CheckOutcome check_file(const std::filesystem::path& file, data::DataCatalog& catalog) {
    return data::check_file(file, file_checkers(catalog));
}

data::CheckOutcome check_text(std::string_view file, std::string_view text, data::DataCatalog& catalog,
                              std::string_view file_name) {
    return data::check_text(file, text, file_checkers(catalog), file_name);
}

}  // namespace tercio::kits
