#ifndef C_SQLITE3_H
#define C_SQLITE3_H

// The system's SQLite (Debian's libsqlite3-dev), which the server's own connections use: unlike
// the copy inside SQLiteNIO, its C interface can be called directly, to keep prepared
// statements between queries.
#include <sqlite3.h>

#endif
