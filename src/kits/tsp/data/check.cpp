// How `tercio check` reads The Sword and the Pike's files (data::check_text): its kit's checker.
// Positions and saves of this ruleset come with its kit: until then it claims no position and
// only reads saves (no replay).
#include "data/check.hpp"
#include "kits/tsp/data/files.hpp"

namespace tercio::tsp {

data::FileChecker file_checker(data::DataCatalog& catalog) {
    data::FileChecker c;
    c.engine = std::string(tsp::kEngine);
    c.title = "The Sword and the Pike";
    c.ruleset = [](std::string_view file, std::string_view text, const std::vector<std::string>&) {
        return tsp::load_tsp_ruleset(file, text).errors;
    };
    c.army = [&catalog](std::string_view file, std::string_view text) {
        return tsp::load_tsp_army(file, text, tsp::resolvers(catalog).ruleset).errors;
    };
    c.claims_position = [](std::string_view) { return false; };
    c.position = [](std::string_view file, std::string_view) {
        return data::LoadErrors{
            data::LoadError{std::string(file), 1, 1, "positions of The Sword and the Pike are not read yet"}};
    };
    c.army_keys = {"officer"};
    c.army_needs = {};
    return c;
}

}  // namespace tercio::tsp
