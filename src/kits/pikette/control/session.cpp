// Pikette Squared's Session, compiled once here (the template is src/control/session.hpp).
#include "kits/pikette/control/session.hpp"

namespace tercio::control {

template class SessionOf<rules::Engine>;

}  // namespace tercio::control
