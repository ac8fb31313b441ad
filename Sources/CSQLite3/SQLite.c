#include "CSQLite3.h"

#include <stddef.h>
#include <sqlite3.h>

_Static_assert(CHANCERY_SQLITE_OK == SQLITE_OK, "SQLITE_OK");
_Static_assert(CHANCERY_SQLITE_MISUSE == SQLITE_MISUSE, "SQLITE_MISUSE");
_Static_assert(CHANCERY_SQLITE_ROW == SQLITE_ROW, "SQLITE_ROW");
_Static_assert(CHANCERY_SQLITE_DONE == SQLITE_DONE, "SQLITE_DONE");
_Static_assert(CHANCERY_SQLITE_INTEGER == SQLITE_INTEGER, "SQLITE_INTEGER");
_Static_assert(CHANCERY_SQLITE_FLOAT == SQLITE_FLOAT, "SQLITE_FLOAT");
_Static_assert(CHANCERY_SQLITE_TEXT == SQLITE_TEXT, "SQLITE_TEXT");
_Static_assert(CHANCERY_SQLITE_BLOB == SQLITE_BLOB, "SQLITE_BLOB");

#define CONNECTION(c) ((sqlite3 *)(c))
#define STATEMENT(s) ((sqlite3_stmt *)(s))

int chancery_sqlite_initialize(void) { return sqlite3_initialize(); }

int chancery_sqlite_open(const char *path, chancery_sqlite_connection **connection) {
    int flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE;
    return sqlite3_open_v2(path, (sqlite3 **)connection, flags, NULL);
}

int chancery_sqlite_close(chancery_sqlite_connection *connection) { return sqlite3_close_v2(CONNECTION(connection)); }

const char *chancery_sqlite_message(chancery_sqlite_connection *connection) { return sqlite3_errmsg(CONNECTION(connection)); }

const char *chancery_sqlite_describe(int status) { return sqlite3_errstr(status); }

int chancery_sqlite_prepare(chancery_sqlite_connection *connection, const char *sql, chancery_sqlite_statement **statement) {
    return sqlite3_prepare_v3(CONNECTION(connection), sql, -1, SQLITE_PREPARE_PERSISTENT, (sqlite3_stmt **)statement, NULL);
}

void chancery_sqlite_finalize(chancery_sqlite_statement *statement) { sqlite3_finalize(STATEMENT(statement)); }

void chancery_sqlite_reset(chancery_sqlite_statement *statement) {
    sqlite3_reset(STATEMENT(statement));
    sqlite3_clear_bindings(STATEMENT(statement));
}

int chancery_sqlite_bind_int64(chancery_sqlite_statement *statement, int index, int64_t value) {
    return sqlite3_bind_int64(STATEMENT(statement), index, value);
}

int chancery_sqlite_bind_double(chancery_sqlite_statement *statement, int index, double value) {
    return sqlite3_bind_double(STATEMENT(statement), index, value);
}

int chancery_sqlite_bind_text(chancery_sqlite_statement *statement, int index, const char *bytes, int64_t count) {
    return sqlite3_bind_text64(STATEMENT(statement), index, bytes, (sqlite3_uint64)count, SQLITE_TRANSIENT, SQLITE_UTF8);
}

int chancery_sqlite_bind_blob(chancery_sqlite_statement *statement, int index, const void *bytes, int64_t count) {
    if (count == 0 || bytes == NULL) return sqlite3_bind_zeroblob(STATEMENT(statement), index, 0);
    return sqlite3_bind_blob64(STATEMENT(statement), index, bytes, (sqlite3_uint64)count, SQLITE_TRANSIENT);
}

int chancery_sqlite_bind_null(chancery_sqlite_statement *statement, int index) { return sqlite3_bind_null(STATEMENT(statement), index); }

int chancery_sqlite_step(chancery_sqlite_statement *statement) { return sqlite3_step(STATEMENT(statement)); }

int chancery_sqlite_column_count(chancery_sqlite_statement *statement) { return sqlite3_column_count(STATEMENT(statement)); }

const char *chancery_sqlite_column_name(chancery_sqlite_statement *statement, int index) {
    return sqlite3_column_name(STATEMENT(statement), index);
}

int chancery_sqlite_column_type(chancery_sqlite_statement *statement, int index) { return sqlite3_column_type(STATEMENT(statement), index); }

int64_t chancery_sqlite_column_int64(chancery_sqlite_statement *statement, int index) {
    return sqlite3_column_int64(STATEMENT(statement), index);
}

double chancery_sqlite_column_double(chancery_sqlite_statement *statement, int index) {
    return sqlite3_column_double(STATEMENT(statement), index);
}

const unsigned char *chancery_sqlite_column_text(chancery_sqlite_statement *statement, int index, int *count) {
    const unsigned char *text = sqlite3_column_text(STATEMENT(statement), index);
    *count = sqlite3_column_bytes(STATEMENT(statement), index);
    return text;
}

const void *chancery_sqlite_column_blob(chancery_sqlite_statement *statement, int index, int *count) {
    const void *blob = sqlite3_column_blob(STATEMENT(statement), index);
    *count = sqlite3_column_bytes(STATEMENT(statement), index);
    return blob;
}
