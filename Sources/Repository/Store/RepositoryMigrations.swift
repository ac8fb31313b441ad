import Foundation
import JSON
import SQLKit
import Storage

/// The schema history of the Repository's tables (layout in `docs/architecture.md`).
public enum RepositoryMigrations {
    /// All migrations of the `repository` module, in order.
    public static let all = MigrationSet(
        module: "repository",
        migrations: [
            Migration(version: 1, name: "documents, ACLs, full-text index, upload batches") { sql in
                try await sql.create(table: "repo_documents")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("parent_id", type: .text)
                    .column("name", type: .text, .notNull)
                    .column("path", type: .text, .notNull)
                    .column("pos", type: .bigint, .notNull)
                    .column("primary_type", type: .text, .notNull)
                    .column("mixin_types", type: .text, .notNull)
                    .column("instance_facets", type: .text, .notNull)
                    .column("lifecycle_state", type: .text)
                    .column("is_trashed", type: .int, .notNull)
                    .column("is_version", type: .int, .notNull)
                    .column("is_checked_in", type: .int, .notNull)
                    .column("is_latest_version", type: .int, .notNull)
                    .column("version_series_id", type: .text)
                    .column("version_label", type: .text)
                    .column("lock_owner", type: .text)
                    .column("lock_created", type: .timestamp)
                    .column("change_token", type: .bigint, .notNull)
                    .column("properties", type: .text, .notNull)
                    .column("read_acl_id", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("modified_at", type: .timestamp, .notNull)
                    .run()
                // Live documents' names are unique among their siblings; versions share their
                // document's name and path.
                try await sql.raw("CREATE UNIQUE INDEX repo_documents_sibling_names ON repo_documents (parent_id, name) WHERE is_version = 0").run()
                try await sql.create(index: "repo_documents_by_path").on("repo_documents").column("path").run()
                try await sql.create(index: "repo_documents_by_parent").on("repo_documents").column("parent_id").column("pos").run()
                try await sql.create(index: "repo_documents_by_type").on("repo_documents").column("primary_type").run()
                try await sql.create(index: "repo_documents_by_series").on("repo_documents").column("version_series_id").run()
                try await sql.create(table: "repo_aces")
                    .column("document_id", type: .text, .notNull)
                    .column("position", type: .int, .notNull)
                    .column("principal", type: .text, .notNull)
                    .column("permission", type: .text, .notNull)
                    .column("granted", type: .int, .notNull)
                    .column("creator", type: .text, .notNull)
                    .column("begin_at", type: .timestamp)
                    .column("end_at", type: .timestamp)
                    .primaryKey("document_id", "position")
                    .run()
                try await sql.create(table: "repo_read_acls")
                    .column("acl_id", type: .text, .notNull)
                    .column("position", type: .int, .notNull)
                    .column("principal", type: .text, .notNull)
                    .column("granted", type: .int, .notNull)
                    .primaryKey("acl_id", "position")
                    .run()
                try await sql.create(index: "repo_read_acls_by_principal").on("repo_read_acls").column("principal").column("acl_id").run()
                if sql.dialect.name == "sqlite" {
                    try await sql.raw("CREATE VIRTUAL TABLE repo_fulltext USING fts5(doc_id UNINDEXED, content)").run()
                } else {
                    try await sql.raw("CREATE TABLE repo_fulltext (doc_id TEXT PRIMARY KEY, content TSVECTOR NOT NULL)").run()
                    try await sql.raw("CREATE INDEX repo_fulltext_content ON repo_fulltext USING GIN (content)").run()
                }
                try await sql.create(table: "repo_upload_batches")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(table: "repo_upload_files")
                    .column("batch_id", type: .text, .notNull, .references("repo_upload_batches", "id", onDelete: .cascade))
                    .column("file_index", type: .int, .notNull)
                    .column("name", type: .text, .notNull)
                    .column("mime_type", type: .text, .notNull)
                    .column("size", type: .bigint, .notNull)
                    .column("chunk_count", type: .int, .notNull)
                    .column("chunked", type: .int, .notNull)
                    .column("digest", type: .text)
                    .primaryKey("batch_id", "file_index")
                    .run()
                try await sql.create(table: "repo_upload_chunks")
                    .column("batch_id", type: .text, .notNull, .references("repo_upload_batches", "id", onDelete: .cascade))
                    .column("file_index", type: .int, .notNull)
                    .column("chunk_index", type: .int, .notNull)
                    .column("digest", type: .text, .notNull)
                    .column("size", type: .bigint, .notNull)
                    .primaryKey("batch_id", "file_index", "chunk_index")
                    .run()
            },
            Migration(version: 2, name: "full-text rows found by document id on SQLite") { sql in
                // FTS5 cannot index `doc_id`, so replacing a document's entry scanned the whole
                // index; this table finds the entry's rowid instead. PostgreSQL keys its table by
                // `doc_id` already.
                guard sql.dialect.name == "sqlite" else { return }
                try await sql.create(table: "repo_fulltext_rows")
                    .column("doc_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("fts_rowid", type: .bigint, .notNull)
                    .run()
                try await sql.raw("INSERT INTO repo_fulltext_rows (doc_id, fts_rowid) SELECT doc_id, rowid FROM repo_fulltext").run()
            },
            Migration(version: 3, name: "each document's blob bytes and their owner, for storage quotas") { sql in
                // One column per statement: SQLite alters one at a time.
                try await sql.alter(table: "repo_documents").column("blob_owner", type: .text).run()
                try await sql.alter(table: "repo_documents").column("blob_bytes", type: .bigint, .notNull, .default(0)).run()
                try await sql.create(index: "repo_documents_by_blob_owner").on("repo_documents").column("blob_owner").run()
                for row in try await sql.select().columns("id", "properties").from("repo_documents").all() {
                    let properties = try JSONValue.parseObject(row.decode(column: "properties", as: String.self).utf8)
                    try await sql.update("repo_documents")
                        .set("blob_owner", to: DocumentRow.blobOwner(of: properties)).set("blob_bytes", to: DocumentRow.blobBytes(of: properties))
                        .where("id", .equal, try row.decode(column: "id", as: String.self)).run()
                }
            },
            Migration(version: 4, name: "requests made idempotent by an Idempotency-Key") { sql in
                try await sql.create(table: "repo_idempotent_requests")
                    .column("principal_id", type: .text, .notNull)
                    .column("request_key", type: .text, .notNull)
                    .column("completed", type: .int, .notNull)
                    .column("expires_at", type: .bigint, .notNull)
                    .column("status", type: .int, .notNull, .default(0))
                    .column("headers", type: .text, .notNull, .default(""))
                    .column("body", type: .blob)
                    .primaryKey("principal_id", "request_key")
                    .run()
                try await sql.create(index: "repo_idempotent_requests_by_expiry").on("repo_idempotent_requests").column("expires_at").run()
            },
            Migration(version: 5, name: "comments on documents and replies to comments") { sql in
                try await sql.create(table: "repo_comments")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("document_id", type: .text, .notNull)
                    .column("parent_id", type: .text, .notNull)
                    .column("ancestor_ids", type: .text, .notNull)
                    .column("author", type: .text, .notNull)
                    .column("text", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("modified_at", type: .timestamp)
                    .run()
                try await sql.create(index: "repo_comments_by_parent").on("repo_comments").column("parent_id").column("created_at").run()
                try await sql.create(index: "repo_comments_by_document").on("repo_comments").column("document_id").run()
            },
            Migration(version: 6, name: "directory entries, seeded with the vocabularies Nuxeo ships") { sql in
                try await sql.create(table: "repo_directory_entries")
                    .column("directory", type: .text, .notNull)
                    .column("id", type: .text, .notNull)
                    .column("properties", type: .text, .notNull)
                    .primaryKey("directory", "id")
                    .run()
                try await DirectoryEntryStore.insert(ShippedVocabularies.entries, in: sql)
            },
            Migration(version: 7, name: "the audit of document events") { sql in
                try await sql.create(table: "repo_audit_entries")
                    .column("id", type: .bigint, .primaryKey(autoIncrement: true))
                    .column("document_id", type: .text, .notNull)
                    .column("event_id", type: .text, .notNull)
                    .column("category", type: .text, .notNull)
                    .column("principal_name", type: .text, .notNull)
                    .column("comment", type: .text)
                    .column("doc_path", type: .text, .notNull)
                    .column("doc_type", type: .text, .notNull)
                    .column("doc_lifecycle", type: .text)
                    .column("repository_id", type: .text, .notNull)
                    .column("event_date", type: .timestamp, .notNull)
                    .column("log_date", type: .timestamp, .notNull)
                    .column("extended", type: .text, .notNull)
                    .run()
                // A document's history is read newest first, by id.
                try await sql.create(index: "repo_audit_entries_by_document").on("repo_audit_entries").column("document_id").column("id").run()
            },
            Migration(version: 8, name: "workflows and their tasks") { sql in
                try await sql.create(table: "repo_workflows")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("model", type: .text, .notNull)
                    .column("initiator", type: .text, .notNull)
                    .column("state", type: .text, .notNull)
                    .column("variables", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("ended_at", type: .timestamp)
                    .run()
                try await sql.create(index: "repo_workflows_by_initiator").on("repo_workflows").column("initiator").column("state").run()
                try await sql.create(table: "repo_workflow_documents")
                    .column("workflow_id", type: .text, .notNull)
                    .column("position", type: .int, .notNull)
                    .column("document_id", type: .text, .notNull)
                    .run()
                try await sql.create(index: "repo_workflow_documents_by_workflow").unique().on("repo_workflow_documents")
                    .column("workflow_id").column("position").run()
                try await sql.create(index: "repo_workflow_documents_by_document").on("repo_workflow_documents").column("document_id").run()
                try await sql.create(table: "repo_tasks")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("workflow_id", type: .text, .notNull)
                    .column("model", type: .text, .notNull)
                    .column("node", type: .text, .notNull)
                    .column("state", type: .text, .notNull)
                    .column("actors", type: .text, .notNull)
                    .column("delegated_actors", type: .text, .notNull)
                    .column("variables", type: .text, .notNull)
                    .column("comments", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("due_date", type: .timestamp, .notNull)
                    .column("ended_at", type: .timestamp)
                    .column("action", type: .text)
                    .run()
                try await sql.create(index: "repo_tasks_by_workflow").on("repo_tasks").column("workflow_id").column("state").run()
                try await sql.create(table: "repo_task_actors")
                    .column("task_id", type: .text, .notNull)
                    .column("principal", type: .text, .notNull)
                    .run()
                try await sql.create(index: "repo_task_actors_by_task").unique().on("repo_task_actors").column("task_id").column("principal").run()
                try await sql.create(index: "repo_task_actors_by_principal").on("repo_task_actors").column("principal").run()
            },
            Migration(version: 9, name: "indexes on the properties Nuxeo clients query most") { sql in
                try await PropertyIndexes.createDefaults(in: sql, engine: sql.dialect.name == "sqlite" ? .sqlite : .postgres)
            },
            Migration(version: 10, name: "notarizations of documents' files") { sql in
                try await sql.create(table: "repo_notarizations")
                    .column("report_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("document_id", type: .text, .notNull)
                    .column("xpath", type: .text, .notNull)
                    .column("file_name", type: .text, .notNull)
                    .column("sha256", type: .text, .notNull)
                    .column("verify_path", type: .text, .notNull)
                    .column("notarized_by", type: .text, .notNull)
                    .column("notarized_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "repo_notarizations_by_document").on("repo_notarizations").column("document_id").run()
            },
            Migration(version: 11, name: "full-text entries left for the end of the transaction on SQLite") { sql in
                // See FullTextQueue: content NULL removes the document's entry.
                guard sql.dialect.name == "sqlite" else { return }
                try await sql.create(table: "repo_fulltext_pending")
                    .column("doc_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("content", type: .text)
                    .run()
            },
        ])
}
