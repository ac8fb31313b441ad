#ifndef C_SQLITE3_H
#define C_SQLITE3_H

#include <stdint.h>

// The system's SQLite (Debian's libsqlite3-dev), which the server's own connections use, behind
// names of Chancery's own. Swift modules that see this header never see <sqlite3.h>: SQLiteNIO
// carries another SQLite whose structs have the same names and other fields, and a module that
// saw both headers would not compile.

/// An open connection (SQLite's `sqlite3`).
typedef struct chancery_sqlite_connection chancery_sqlite_connection;
/// A compiled statement (SQLite's `sqlite3_stmt`).
typedef struct chancery_sqlite_statement chancery_sqlite_statement;

/// SQLite's result codes and datatypes that callers compare with; the values are SQLite's own
/// (checked against <sqlite3.h> where the functions are defined).
#define CHANCERY_SQLITE_OK 0
#define CHANCERY_SQLITE_MISUSE 21
#define CHANCERY_SQLITE_ROW 100
#define CHANCERY_SQLITE_DONE 101
#define CHANCERY_SQLITE_INTEGER 1
#define CHANCERY_SQLITE_FLOAT 2
#define CHANCERY_SQLITE_TEXT 3
#define CHANCERY_SQLITE_BLOB 4

/// Initializes the library (`sqlite3_initialize`); call once before the first connection.
int chancery_sqlite_initialize(void);

/// Opens (and makes, if missing) the database at `path`, serialized, with URI file names and
/// extended result codes. On failure `*connection` may still be set: close it.
int chancery_sqlite_open(const char *path, chancery_sqlite_connection **connection);

/// Closes `connection` (`sqlite3_close_v2`); does nothing for NULL.
int chancery_sqlite_close(chancery_sqlite_connection *connection);

/// The message of the latest failure on `connection` (`sqlite3_errmsg`).
const char *chancery_sqlite_message(chancery_sqlite_connection *connection);

/// SQLite's text for a result code (`sqlite3_errstr`).
const char *chancery_sqlite_describe(int status);

/// Compiles the first statement of `sql` for long use (`SQLITE_PREPARE_PERSISTENT`);
/// `*statement` is NULL when `sql` holds none.
int chancery_sqlite_prepare(chancery_sqlite_connection *connection, const char *sql, chancery_sqlite_statement **statement);

/// Frees `statement` (`sqlite3_finalize`).
void chancery_sqlite_finalize(chancery_sqlite_statement *statement);

/// Resets `statement` for another run and unbinds its values.
void chancery_sqlite_reset(chancery_sqlite_statement *statement);

/// Binds a value to parameter `index` (from 1); text and blobs are copied. A blob of no bytes
/// is bound as an empty blob, not as NULL.
int chancery_sqlite_bind_int64(chancery_sqlite_statement *statement, int index, int64_t value);
int chancery_sqlite_bind_double(chancery_sqlite_statement *statement, int index, double value);
int chancery_sqlite_bind_text(chancery_sqlite_statement *statement, int index, const char *bytes, int64_t count);
int chancery_sqlite_bind_blob(chancery_sqlite_statement *statement, int index, const void *bytes, int64_t count);
int chancery_sqlite_bind_null(chancery_sqlite_statement *statement, int index);

/// Runs `statement` to its next row (`CHANCERY_SQLITE_ROW`), its end (`CHANCERY_SQLITE_DONE`)
/// or a failure.
int chancery_sqlite_step(chancery_sqlite_statement *statement);

/// The columns of `statement`'s rows: their number and names.
int chancery_sqlite_column_count(chancery_sqlite_statement *statement);
const char *chancery_sqlite_column_name(chancery_sqlite_statement *statement, int index);

/// Column `index` of the current row: its datatype, and its value as each type. Text and
/// blobs set `*count` to their length in bytes; the bytes last until the next step or reset.
int chancery_sqlite_column_type(chancery_sqlite_statement *statement, int index);
int64_t chancery_sqlite_column_int64(chancery_sqlite_statement *statement, int index);
double chancery_sqlite_column_double(chancery_sqlite_statement *statement, int index);
const unsigned char *chancery_sqlite_column_text(chancery_sqlite_statement *statement, int index, int *count);
const void *chancery_sqlite_column_blob(chancery_sqlite_statement *statement, int index, int *count);

#endif
