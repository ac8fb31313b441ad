import SQLKit
import Storage

/// SQLite's full-text entries, left by a transaction's changes in `repo_fulltext_pending` and
/// moved into the FTS5 index once, at the end of the transaction.
///
/// FTS5 writes the entries it holds in memory to a new segment of its index whenever a
/// savepoint begins, and every member of a shared transaction (``Storage/Database/withTransaction(_:)``)
/// runs in a savepoint of its own: writing each change's entry at once cost a segment per
/// change, with its pages and the merges behind them. A pending row without content removes
/// the document's entry. PostgreSQL writes its entries at once (`DocumentStore.fullTextEntry`).
enum FullTextQueue {
    /// The name its statements run under before each commit.
    static let name = "repository full text"

    /// Has every transaction of `database` move the pending entries into the index before it
    /// commits, on SQLite; called by every change that leaves one, so that the statements run
    /// only on a database whose repository tables exist.
    static func moveBeforeEachCommit(of database: Database) {
        guard database.engine == .sqlite else { return }
        database.runBeforeEachCommit(named: name, moving)
    }

    /// Moves the pending entries into the index: the pending documents' old entries go, each
    /// new one gets a row id past the highest in use (`repo_fulltext_content` is FTS5's own
    /// table of the entries, keyed by row id), and the queue is emptied. Every lookup starts
    /// from the queue, which is empty in most transactions.
    static let moving: [any SQLExpression] = [
        SQLRaw(
            """
            DELETE FROM repo_fulltext WHERE rowid IN (
                SELECT fts_rowid FROM repo_fulltext_rows WHERE doc_id IN (SELECT doc_id FROM repo_fulltext_pending))
            """),
        SQLRaw("DELETE FROM repo_fulltext_rows WHERE doc_id IN (SELECT doc_id FROM repo_fulltext_pending)"),
        SQLRaw(
            """
            INSERT INTO repo_fulltext_rows (doc_id, fts_rowid)
            SELECT doc_id, (SELECT COALESCE(MAX(id), 0) FROM repo_fulltext_content) + ROW_NUMBER() OVER (ORDER BY doc_id)
            FROM repo_fulltext_pending WHERE content IS NOT NULL
            """),
        SQLRaw(
            """
            INSERT INTO repo_fulltext (rowid, doc_id, content)
            SELECT r.fts_rowid, p.doc_id, p.content FROM repo_fulltext_pending p CROSS JOIN repo_fulltext_rows r ON r.doc_id = p.doc_id
            WHERE p.content IS NOT NULL
            """),
        SQLRaw("DELETE FROM repo_fulltext_pending"),
    ]
}
