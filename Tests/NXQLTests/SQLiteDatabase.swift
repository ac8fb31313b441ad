import ChanceryTestSupport
import Foundation
import NXQL

/// A throwaway SQLite database with the repository's tables and a few documents, queried
/// through Debian's `sqlite3` shell (package `sqlite3`).
///
/// The documents (ids in parentheses):
///
/// ```
/// /                                    Root (root)
/// /default-domain                      Domain (dom)
/// /default-domain/workspaces           WorkspaceRoot, HiddenInNavigation (ws)
/// /default-domain/workspaces/w1        Workspace "Alpha Workspace", ACL A (w1)
/// /default-domain/workspaces/w1/file1  File "Report 2024", rich properties, ACL A (f1),
///                                      and its version 1.0 (v1), same path
/// /default-domain/workspaces/w1/file_2 File "report draft", trashed, ACL B (f2)
/// /default-domain/workspaces/w1/note   Note "O'Brien \ notes 100%", locked by bob (n1)
/// /default-domain/workspaces/w1x       Workspace "Beta", subjects of mixed types, ACL B (w2)
/// /default-domain/workspaces/W1        File "UPPER", properties of unexpected types (f3)
/// ```
///
/// ACL A grants Administrator and members; B denies bob, then grants Everyone; C grants
/// Everyone.
struct SQLiteDatabase {
    /// The `sqlite3` shell.
    static let shell = "/usr/bin/sqlite3"

    /// The tables, as the repository creates them on SQLite.
    static let schema = #"""
        CREATE TABLE repo_documents (id TEXT PRIMARY KEY, parent_id TEXT, name TEXT NOT NULL, path TEXT NOT NULL, pos BIGINT NOT NULL, primary_type TEXT NOT NULL, mixin_types TEXT NOT NULL, lifecycle_state TEXT, is_trashed INTEGER NOT NULL, is_version INTEGER NOT NULL, is_checked_in INTEGER NOT NULL, is_latest_version INTEGER NOT NULL, version_series_id TEXT, version_label TEXT, lock_owner TEXT, lock_created TIMESTAMP, change_token BIGINT NOT NULL, properties TEXT NOT NULL, read_acl_id TEXT NOT NULL, created_at TIMESTAMP, modified_at TIMESTAMP);
        CREATE TABLE repo_read_acls (acl_id TEXT, position INTEGER, principal TEXT, granted INTEGER, PRIMARY KEY (acl_id, position));
        CREATE VIRTUAL TABLE repo_fulltext USING fts5(doc_id UNINDEXED, content);
        """#

    /// The documents, their ACLs and their full-text index.
    static let documents = #"""
        INSERT INTO repo_documents (id, parent_id, name, path, pos, primary_type, mixin_types, lifecycle_state, is_trashed, is_version, is_checked_in, is_latest_version, version_series_id, version_label, lock_owner, change_token, properties, read_acl_id) VALUES
        ('root', NULL, '', '/', 0, 'Root', '|Folderish|', NULL, 0, 0, 0, 0, NULL, NULL, NULL, 0, '{}', 'C'),
        ('dom', 'root', 'default-domain', '/default-domain', 0, 'Domain', '|Folderish|SuperSpace|', 'project', 0, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"Domain"}', 'C'),
        ('ws', 'dom', 'workspaces', '/default-domain/workspaces', 0, 'WorkspaceRoot', '|Folderish|HiddenInNavigation|', 'project', 0, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"Workspaces"}', 'C'),
        ('w1', 'ws', 'w1', '/default-domain/workspaces/w1', 0, 'Workspace', '|Folderish|SuperSpace|', 'project', 0, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"Alpha Workspace","dc:subjects":[]}', 'A'),
        ('f1', 'w1', 'file1', '/default-domain/workspaces/w1/file1', 0, 'File', '|Downloadable|Versionable|', 'project', 0, 0, 0, 0, NULL, '0.1', NULL, 0, '{"dc:title":"Report 2024","dc:subjects":["art","science"],"dc:created":"2024-01-02T10:00:00.000Z","uid:major_version":1,"my:flag":true,"file:content":{"name":"report.PDF","mime-type":"application/pdf","length":1234},"files:files":[{"file":{"name":"a.txt","length":10,"tags":["red","blue"]}},{"file":{"name":"b.pdf","length":20}}]}', 'A'),
        ('f2', 'w1', 'file_2', '/default-domain/workspaces/w1/file_2', 1, 'File', '|Downloadable|Versionable|', 'project', 1, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"report draft","dc:subjects":[],"dc:created":"2024-03-05T08:30:00.000Z","uid:major_version":0,"my:flag":false,"file:content":null}', 'B'),
        ('n1', 'w1', 'note', '/default-domain/workspaces/w1/note', 2, 'Note', '|Versionable|', 'approved', 0, 0, 0, 0, NULL, NULL, 'bob', 0, '{"dc:title":"O''Brien \\ notes 100%","dc:subjects":["science"],"dc:description":"x","uid:major_version":2.5,"dc:created":"2023-12-31T23:59:59.999Z"}', 'C'),
        ('v1', NULL, 'file1', '/default-domain/workspaces/w1/file1', 0, 'File', '|Downloadable|Versionable|', 'project', 0, 1, 1, 1, 'f1', '1.0', NULL, 0, '{"dc:title":"Report 2024","dc:subjects":["art"],"uid:major_version":1}', 'A'),
        ('w2', 'ws', 'w1x', '/default-domain/workspaces/w1x', 1, 'Workspace', '|Folderish|SuperSpace|', 'project', 0, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"Beta","dc:subjects":["art",3,true,null,{"a":1},["x"]]}', 'B'),
        ('f3', 'ws', 'W1', '/default-domain/workspaces/W1', 2, 'File', '|Downloadable|', NULL, 0, 0, 0, 0, NULL, NULL, NULL, 0, '{"dc:title":"UPPER","dc:subjects":"notalist","uid:major_version":"3","dc:created":5,"files:files":{"file":{"name":"z"}},"my:flag":1}', 'C');
        INSERT INTO repo_read_acls (acl_id, position, principal, granted) VALUES
        ('A', 0, 'Administrator', 1), ('A', 1, 'members', 1),
        ('B', 0, 'bob', 0), ('B', 1, 'Everyone', 1),
        ('C', 0, 'Everyone', 1);
        INSERT INTO repo_fulltext (doc_id, content) VALUES ('f1', 'Quarterly report about art and science 2024 pi 3.14'), ('f2', 'draft report'), ('n1', 'O''Brien notes hello-world'), ('w1', 'alpha workspace');
        """#

    /// The directory holding the database and the shell's input and output.
    let directory: URL

    /// Creates the database with the fixture's documents.
    init() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nxql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try await run(Self.schema + "\n" + Self.documents)
        guard result.errors.isEmpty else { throw SQLiteShellError(message: result.errors) }
    }

    /// Runs an SQL script; returns what the shell printed on standard output and standard error.
    func run(_ script: String) async throws -> (output: String, errors: String) {
        let result = try await Subprocess.run(Self.shell, ["-batch", directory.appendingPathComponent("test.db").path], input: Data(script.utf8))
        return (result.outputText, result.errorsText)
    }

    /// Deletes the database and its files.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `SELECT` statement printing `label|id,id,…` for the documents a compiled query
    /// selects, in its order (then by id), with the binds written as SQL literals.
    static func statement(_ label: Int, _ compiled: CompiledQuery) -> String {
        let order = compiled.orderBy.isEmpty ? "d.id" : inline(compiled.orderBy) + ", d.id"
        return """
            SELECT '\(label)|' || COALESCE(group_concat(id, ','), '') FROM \
            (SELECT d.id FROM repo_documents d WHERE \(inline(compiled.condition)) ORDER BY \(order));

            """
    }

    /// Pieces as SQL text with each bind written as a literal, as the shell cannot bind.
    static func inline(_ pieces: [SQLPiece]) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .sql(let sql):
                text += sql
            case .bind(.text(let value)):
                text += "'"
                for scalar in value.unicodeScalars {
                    if scalar == "'" { text += "'" }
                    text.unicodeScalars.append(scalar)
                }
                text += "'"
            case .bind(.integer(let value)):
                text += String(value)
            case .bind(.double(let value)):
                text += String(value)
            }
        }
        return text
    }
}

/// The shell could not create the fixture.
struct SQLiteShellError: Error {
    /// What it printed.
    var message: String
}
