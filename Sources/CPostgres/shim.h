#ifndef PUSHBOARD_CPOSTGRES_SHIM_H
#define PUSHBOARD_CPOSTGRES_SHIM_H
// libpq from Debian's libpq-dev (PostgreSQL 15). Imported by Storage only.
#include <libpq-fe.h>

#endif
