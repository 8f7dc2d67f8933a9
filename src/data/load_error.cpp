#include "data/load_error.hpp"

namespace tercio::data {

std::string LoadError::to_string() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

}  // namespace tercio::data
