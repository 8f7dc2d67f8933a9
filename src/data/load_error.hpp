#pragma once
/// Errors found while loading a data file, each pointing at a place in the file.
#include <string>
#include <vector>

namespace tercio::data {

struct LoadError {
    std::string file;
    int line = 1;
    int column = 1;
    std::string message;
    /// "file:line:column: message"
    std::string to_string() const;
};

using LoadErrors = std::vector<LoadError>;

}  // namespace tercio::data
