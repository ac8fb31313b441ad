import Foundation
import NXQL

/// The schemas and types the tests compile against: a small slice of Nuxeo's defaults plus
/// a boolean `my:flag`.
struct TestSchema: NXQLSchema {
    /// Each type and the types extending it.
    static let types: [String: [String]] = [
        "Document": ["Root", "Domain", "WorkspaceRoot", "Workspace", "Folder", "File", "Note"],
        "Folder": ["Folder", "Workspace"],
        "Workspace": ["Workspace"],
        "File": ["File"],
        "Note": ["Note"],
    ]

    func property(_ name: String) -> NXQLPropertyKind? {
        switch name {
        case "dc:title", "dc:description", "dc:created", "uid:major_version", "my:flag", "uid": return .scalar
        case "dc:subjects", "dc:contributors", "files:files": return .list
        case "file:content": return .complex
        default: return nil
        }
    }

    func typesExtending(_ type: String) -> [String]? {
        Self.types.first { $0.key.lowercased() == type.lowercased() }?.value
    }
}

/// Compiled SQL as the repository will write it for SQLite: `?` placeholders and binds.
struct RenderedSQL: Equatable, CustomStringConvertible {
    /// The SQL text with `?` for each bind.
    var text: String
    /// The binds in order.
    var binds: [SQLParameter]

    init(_ pieces: [SQLPiece]) {
        text = ""
        binds = []
        for piece in pieces {
            switch piece {
            case .sql(let sql): text += sql
            case .bind(let parameter):
                text += "?"
                binds.append(parameter)
            }
        }
    }

    init(text: String, binds: [SQLParameter]) {
        self.text = text
        self.binds = binds
    }

    var description: String { "\(text) \(binds)" }
}

/// Helpers shared by the compiler tests.
enum Compile {
    /// The condition of `query` compiled for `dialect` without an ACL filter.
    static func condition(_ query: String, _ dialect: SQLDialect = .sqlite) throws -> RenderedSQL {
        let compiled = try compiler(dialect).compile(NXQLQuery(parsing: query), principals: nil)
        return RenderedSQL(compiled.condition)
    }

    /// The condition of `SELECT * FROM Document WHERE <predicate>`.
    static func predicate(_ predicate: String, _ dialect: SQLDialect = .sqlite) throws -> RenderedSQL {
        try condition("SELECT * FROM Document WHERE " + predicate, dialect)
    }

    /// A compiler whose `NOW()` is 2024-01-02T10:06:40Z.
    static func compiler(_ dialect: SQLDialect) -> NXQLCompiler {
        NXQLCompiler(schema: TestSchema(), dialect: dialect, clock: { fixedNow })
    }

    /// The instant `NOW()` means in the tests: 2024-01-02T10:06:40Z.
    static let fixedNow = Date(timeIntervalSince1970: 1_704_190_000)
}
