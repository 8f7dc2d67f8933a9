#pragma once
/// `tercio check` over every kit: the checkers of the registry's kits (each kit's files group
/// gives its own, kits::FilesGroup), the default kit's first, for data::check_text.
#include <filesystem>
#include <string_view>

#include "data/check.hpp"
#include "data/data_files.hpp"

namespace tercio::kits {

/// Every kit's checker, in the registry's order, reading the files of `catalog` (which must
/// outlive them), and the catalog's engine of a ruleset.
data::FileCheckers file_checkers(data::DataCatalog& catalog);

/// data::check_file and data::check_text with every kit's checkers.
data::CheckOutcome check_file(const std::filesystem::path& file, data::DataCatalog& catalog);
data::CheckOutcome check_text(std::string_view file, std::string_view text, data::DataCatalog& catalog,
                              std::string_view file_name = {});

}  // namespace tercio::kits
