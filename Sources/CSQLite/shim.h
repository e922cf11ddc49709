#ifndef PUSHBOARD_CSQLITE_SHIM_H
#define PUSHBOARD_CSQLITE_SHIM_H
// SQLite's SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import;
// the shim gives it a name. Variadic calls (sqlite3_config, sqlite3_db_config) get wrappers here.
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
