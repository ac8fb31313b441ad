import Foundation
import NXQL
import Testing

/// The SQL the compiler writes for each construct, on both dialects.
@Suite struct NXQLCompilerTests {
    /// `SQL text` with `binds`.
    func sql(_ text: String, _ binds: SQLParameter...) -> RenderedSQL {
        RenderedSQL(text: text, binds: binds)
    }

    /// The SQLite text view of `dc:title`.
    let sqliteTitle = """
        CASE json_type(d.properties, '$."dc:title"') WHEN 'text' THEN json_extract(d.properties, '$."dc:title"') \
        WHEN 'integer' THEN CAST(json_extract(d.properties, '$."dc:title"') AS TEXT) \
        WHEN 'real' THEN CAST(json_extract(d.properties, '$."dc:title"') AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END
        """

    /// The PostgreSQL text view of `dc:title`.
    let postgresTitle = """
        CASE WHEN jsonb_typeof((d.properties::jsonb -> 'dc:title')) IN ('string', 'number', 'boolean') \
        THEN (d.properties::jsonb -> 'dc:title') #>> '{}' END
        """

    @Test func everythingMatchesWithoutFilters() throws {
        for dialect in [SQLDialect.sqlite, .postgres] {
            let compiled = try Compile.compiler(dialect).compile(
                NXQLQuery(parsing: "SELECT * FROM Document"), principals: nil)
            #expect(compiled == CompiledQuery(condition: [.sql("1=1")], orderBy: []))
        }
    }

    @Test func typeFilterIncludesSubtypes() throws {
        #expect(
            try Compile.condition("SELECT * FROM File, Note")
                == sql("d.primary_type IN (?, ?)", .text("File"), .text("Note")))
        #expect(
            try Compile.condition("SELECT * FROM folder")
                == sql("d.primary_type IN (?, ?)", .text("Folder"), .text("Workspace")))
        #expect(
            try Compile.condition("SELECT * FROM Folder, Workspace")
                == sql("d.primary_type IN (?, ?)", .text("Folder"), .text("Workspace")))
        #expect(try Compile.condition("SELECT * FROM File, DOCUMENT") == sql("1=1"))
        #expect(throws: NXQLError("unknown document type 'Invoice'", at: nil)) {
            try Compile.condition("SELECT * FROM File, Invoice")
        }
    }

    @Test func readFilter() throws {
        let compiler = Compile.compiler(.postgres)
        let query = try NXQLQuery(parsing: "SELECT * FROM File")
        let compiled = try compiler.compile(query, principals: ["bob", "Everyone", "bob"])
        let expected = sql(
            """
            (d.primary_type IN (?) AND (SELECT acl.granted FROM repo_read_acls acl WHERE acl.acl_id = d.read_acl_id \
            AND acl.principal IN (?, ?) ORDER BY acl.position LIMIT 1) = 1)
            """, .text("File"), .text("bob"), .text("Everyone"))
        #expect(RenderedSQL(compiled.condition) == expected)
        #expect(RenderedSQL(try compiler.compile(query, principals: []).condition) == sql("1=0"))
    }

    @Test func columns() throws {
        #expect(try Compile.predicate("ecm:parentId = 'x'") == sql("d.parent_id = ?", .text("x")))
        #expect(
            try Compile.predicate("ecm:uuid = 'x' OR ecm:id = 'y'")
                == sql("(d.id = ? OR d.id = ?)", .text("x"), .text("y")))
        #expect(try Compile.predicate("ecm:isTrashed = 0") == sql("d.is_trashed = ?", .integer(0)))
        #expect(try Compile.predicate("ecm:isVersion = 'TRUE'") == sql("d.is_version = ?", .integer(1)))
        #expect(try Compile.predicate("ecm:isCheckedIn = 'false'") == sql("d.is_checked_in = ?", .integer(0)))
        #expect(try Compile.predicate("ecm:isLatestVersion = '1'") == sql("d.is_latest_version = ?", .integer(1)))
        #expect(try Compile.predicate("ecm:isTrashed = 'maybe'") == sql("1=0"))
        #expect(try Compile.predicate("ecm:isProxy = 0") == sql("0 = ?", .integer(0)))
        #expect(try Compile.predicate("ecm:name = 5") == sql("d.name = ?", .text("5")))
        #expect(try Compile.predicate("ecm:pos = '3'") == sql("CAST(d.pos AS TEXT) = ?", .text("3")))
        #expect(try Compile.predicate("ecm:pos > 2.5") == sql("d.pos > ?", .double(2.5)))
        #expect(
            try Compile.predicate("ecm:primaryType IN ('File', 'Note')")
                == sql("(d.primary_type = ? OR d.primary_type = ?)", .text("File"), .text("Note")))
        #expect(try Compile.predicate("ecm:currentLifeCycleState IS NULL") == sql("d.lifecycle_state IS NULL"))
        #expect(
            try Compile.predicate("ecm:versionLabel BETWEEN '1.0' AND '2.0'")
                == sql("d.version_label BETWEEN ? AND ?", .text("1.0"), .text("2.0")))
        #expect(try Compile.predicate("ecm:versionVersionableId = 'v'") == sql("d.version_series_id = ?", .text("v")))
        #expect(try Compile.predicate("ecm:lockOwner = 'bob'", .postgres) == sql("d.lock_owner = ?", .text("bob")))
    }

    @Test func negationsAreComplements() throws {
        #expect(try Compile.predicate("ecm:name <> 'x'") == sql("NOT (d.name = ?)", .text("x")))
        #expect(
            try Compile.predicate("ecm:lockOwner != 'bob'")
                == sql("NOT COALESCE(d.lock_owner = ?, FALSE)", .text("bob")))
        #expect(try Compile.predicate("ecm:lockOwner IS NOT NULL") == sql("NOT (d.lock_owner IS NULL)"))
        #expect(
            try Compile.predicate("NOT (ecm:name = 'a' AND ecm:lockOwner = 'b')")
                == sql("NOT COALESCE((d.name = ? AND d.lock_owner = ?), FALSE)", .text("a"), .text("b")))
        #expect(try Compile.predicate("NOT NOT ecm:name = 'a'") == sql("NOT (NOT (d.name = ?))", .text("a")))
        #expect(
            try Compile.predicate("ecm:pos NOT IN (1, 2)")
                == sql("NOT ((d.pos = ? OR d.pos = ?))", .integer(1), .integer(2)))
        #expect(
            try Compile.predicate("ecm:pos NOT BETWEEN 1 AND 2")
                == sql("NOT (d.pos BETWEEN ? AND ?)", .integer(1), .integer(2)))
    }

    @Test func unknownPropertiesMatchNothing() throws {
        for predicate in [
            "dc:nope = 'x'", "dc:nope <> 'x'", "dc:nope IS NULL", "dc:nope NOT IN (1)", "ecm:nope = 1",
            "ecm:path/x = 1", "ecm:fulltext.dc:nope = 'x'",
        ] {
            #expect(try Compile.predicate(predicate) == sql("1=0"), "\(predicate)")
            #expect(try Compile.predicate(predicate, .postgres) == sql("1=0"), "\(predicate)")
        }
        #expect(try Compile.predicate("NOT dc:nope = 'x'") == sql("1=1"))
        #expect(try Compile.predicate("dc:nope = 'x' OR ecm:name = 'n'") == sql("d.name = ?", .text("n")))
        #expect(try Compile.predicate("dc:nope = 'x' AND ecm:name = 'n'") == sql("1=0"))
    }

    @Test func mixinTypes() throws {
        #expect(
            try Compile.predicate("ecm:mixinType = 'Folderish'")
                == sql("instr(d.mixin_types, ?) > 0", .text("|Folderish|")))
        #expect(
            try Compile.predicate("ecm:mixinType = 'Folderish'", .postgres)
                == sql("strpos(d.mixin_types, ?) > 0", .text("|Folderish|")))
        #expect(
            try Compile.predicate("ecm:mixinType != 'Hidden'")
                == sql("NOT (instr(d.mixin_types, ?) > 0)", .text("|Hidden|")))
        #expect(
            try Compile.predicate("ecm:mixinType NOT IN ('A', 'B')")
                == sql("NOT ((instr(d.mixin_types, ?) > 0 OR instr(d.mixin_types, ?) > 0))", .text("|A|"), .text("|B|"))
        )
        #expect(try Compile.predicate("ecm:mixinType = 'A|B'") == sql("1=0"))
        #expect(try Compile.predicate("ecm:mixinType = ''") == sql("1=0"))
        for predicate in [
            "ecm:mixinType LIKE 'F%'", "ecm:mixinType IS NULL", "ecm:mixinType > 'a'", "ecm:mixinType STARTSWITH 'a'",
        ] {
            #expect(throws: NXQLError("ecm:mixinType only supports =, <>, !=, IN and NOT IN", at: nil)) {
                try Compile.predicate(predicate)
            }
        }
    }

    @Test func paths() throws {
        #expect(
            try Compile.predicate("ecm:path STARTSWITH '/a_b/'")
                == sql("(d.is_version = 0 AND d.path GLOB ?)", .text("/a_b/?*")))
        #expect(
            try Compile.predicate("ecm:path STARTSWITH '/a_b/'", .postgres)
                == sql("(d.is_version = 0 AND d.path LIKE ? ESCAPE '\\')", .text("/a\\_b/_%")))
        #expect(
            try Compile.predicate("ecm:path STARTSWITH '/'")
                == sql("(d.is_version = 0 AND d.path GLOB ?)", .text("/?*")))
        #expect(
            try Compile.predicate("ecm:path STARTSWITH '/x*[?%'")
                == sql("(d.is_version = 0 AND d.path GLOB ?)", .text("/x[*][[][?]%/?*")))
        #expect(
            try Compile.predicate("ecm:path STARTSWITH '/x*%\\\\'", .postgres)
                == sql("(d.is_version = 0 AND d.path LIKE ? ESCAPE '\\')", .text("/x*\\%\\\\/_%")))
        #expect(try Compile.predicate("ecm:path = '/a'") == sql("(d.is_version = 0 AND d.path = ?)", .text("/a")))
        #expect(
            try Compile.predicate("ecm:path <> '/a'") == sql("NOT ((d.is_version = 0 AND d.path = ?))", .text("/a")))
    }

    @Test func ancestors() throws {
        let expected = sql(
            """
            EXISTS (SELECT 1 FROM repo_documents ancestor WHERE ancestor.id IN (?, ?) AND ancestor.is_version = 0 \
            AND d.is_version = 0 AND d.path <> ancestor.path \
            AND substr(d.path, 1, length(rtrim(ancestor.path, '/') || '/')) = rtrim(ancestor.path, '/') || '/')
            """, .text("a"), .text("b"))
        #expect(try Compile.predicate("ecm:ancestorId IN ('a', 'b')") == expected)
        #expect(try Compile.predicate("ecm:ancestorId IN ('a', 'b')", .postgres) == expected)
        #expect(
            try Compile.predicate("ecm:ancestorId <> 'a'").text.hasPrefix(
                "NOT (EXISTS (SELECT 1 FROM repo_documents ancestor"))
        #expect(throws: NXQLError("ecm:ancestorId only supports =, <>, !=, IN and NOT IN", at: nil)) {
            try Compile.predicate("ecm:ancestorId LIKE 'a%'")
        }
    }

    @Test func fullText() throws {
        #expect(
            try Compile.predicate("ecm:fulltext = 'hello -world'")
                == sql(
                    "d.id IN (SELECT doc_id FROM repo_fulltext WHERE repo_fulltext MATCH ?)",
                    .text(#"(("hello") NOT ("world"))"#)))
        #expect(
            try Compile.predicate("ecm:fulltext = 'hello -world'", .postgres)
                == sql(
                    "d.id IN (SELECT doc_id FROM repo_fulltext WHERE content @@ to_tsquery('simple', ?))",
                    .text("('hello' & !'world')")))
        #expect(try Compile.predicate("ecm:fulltext = '-world'") == sql("1=0"))
        #expect(
            try Compile.predicate("NOT ecm:fulltext = 'x'")
                == sql(
                    "NOT COALESCE(d.id IN (SELECT doc_id FROM repo_fulltext WHERE repo_fulltext MATCH ?), FALSE)",
                    .text(#"("x")"#)))
        for predicate in [
            "ecm:fulltext <> 'x'", "ecm:fulltext LIKE 'x'", "ecm:fulltext IN ('x')", "ecm:fulltext.dc:title != 'x'",
            "ecm:fulltext.dc:title LIKE 'x'",
        ] {
            #expect(throws: NXQLError.self) { try Compile.predicate(predicate) }
        }
    }

    @Test func fullTextOfOneProperty() throws {
        #expect(
            try Compile.predicate("ecm:fulltext.dc:title = '50%_\\\\'")
                == sql("lower(\(sqliteTitle)) LIKE lower(?) ESCAPE '\\'", .text("%50\\%\\_\\\\%")))
        #expect(
            try Compile.predicate("ecm:fulltext.dc:title = 'Ab'", .postgres)
                == sql("\(postgresTitle) ILIKE ? ESCAPE '\\'", .text("%Ab%")))
    }

    @Test func documentProperties() throws {
        #expect(try Compile.predicate("dc:title = 'x'") == sql("\(sqliteTitle) = ?", .text("x")))
        #expect(try Compile.predicate("dc:title = 'x'", .postgres) == sql("\(postgresTitle) = ?", .text("x")))
        #expect(
            try Compile.predicate("uid:major_version >= 2")
                == sql(
                    """
                    CASE WHEN json_type(d.properties, '$."uid:major_version"') IN ('integer', 'real', 'true', 'false') \
                    THEN json_extract(d.properties, '$."uid:major_version"') END >= ?
                    """, .integer(2)))
        #expect(
            try Compile.predicate("uid:major_version >= 2", .postgres)
                == sql(
                    """
                    CASE jsonb_typeof((d.properties::jsonb -> 'uid:major_version')) \
                    WHEN 'number' THEN ((d.properties::jsonb -> 'uid:major_version'))::numeric \
                    WHEN 'boolean' THEN CASE WHEN ((d.properties::jsonb -> 'uid:major_version'))::boolean THEN 1 ELSE 0 END END >= ?
                    """, .integer(2)))
        #expect(
            try Compile.predicate("dc:title IS NULL")
                == sql(#"COALESCE(json_type(d.properties, '$."dc:title"'), 'null') = 'null'"#))
        #expect(
            try Compile.predicate("dc:title IS NULL", .postgres)
                == sql("COALESCE(jsonb_typeof((d.properties::jsonb -> 'dc:title')), 'null') = 'null'"))
        #expect(try Compile.predicate("dc:title <> 'x'") == sql("NOT COALESCE(\(sqliteTitle) = ?, FALSE)", .text("x")))
        #expect(
            try Compile.predicate("uid:major_version BETWEEN 1 AND 'z'").text
                == #"CASE json_type(d.properties, '$."uid:major_version"') WHEN 'text' THEN json_extract(d.properties, '$."uid:major_version"') WHEN 'integer' THEN CAST(json_extract(d.properties, '$."uid:major_version"') AS TEXT) WHEN 'real' THEN CAST(json_extract(d.properties, '$."uid:major_version"') AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END BETWEEN ? AND ?"#
        )
    }

    @Test func complexPaths() throws {
        let sqlite = try Compile.predicate("file:content/name = 'a' AND files:files/0/file/name = 'b'")
        #expect(sqlite.text.contains(#"json_extract(d.properties, '$."file:content"."name"')"#))
        #expect(sqlite.text.contains(#"json_type(d.properties, '$."files:files"[0]."file"."name"')"#))
        let postgres = try Compile.predicate("file:content/name = 'a' AND files:files/0/file/name = 'b'", .postgres)
        #expect(postgres.text.contains("(d.properties::jsonb -> 'file:content' -> 'name')"))
        #expect(
            postgres.text.contains(
                "((CASE WHEN jsonb_typeof(d.properties::jsonb -> 'files:files') = 'array' THEN d.properties::jsonb -> 'files:files' -> 0 END) -> 'file' -> 'name')"
            ))
    }

    @Test func likeIsCaseSensitiveAndIlikeIsNot() throws {
        #expect(try Compile.predicate("dc:title LIKE 'a%_*[\\%'") == sql("\(sqliteTitle) GLOB ?", .text("a*?[*][[]%")))
        #expect(
            try Compile.predicate("dc:title ILIKE 'a%'")
                == sql("lower(\(sqliteTitle)) LIKE lower(?) ESCAPE '\\'", .text("a%")))
        #expect(
            try Compile.predicate("dc:title LIKE 'a%\\\\'", .postgres)
                == sql("\(postgresTitle) LIKE ? ESCAPE '\\'", .text("a%\\\\")))
        #expect(
            try Compile.predicate("dc:title NOT ILIKE 'a%'", .postgres)
                == sql("NOT COALESCE(\(postgresTitle) ILIKE ? ESCAPE '\\', FALSE)", .text("a%")))
        #expect(try Compile.predicate("ecm:isTrashed LIKE '1'") == sql("1=0"))
    }

    @Test func startsWithOnStrings() throws {
        #expect(
            try Compile.predicate("ecm:name STARTSWITH 'a*'")
                == sql("(d.name = ? OR d.name GLOB ?)", .text("a*"), .text("a[*]/*")))
        #expect(
            try Compile.predicate("ecm:name STARTSWITH 'a_'", .postgres)
                == sql("(d.name = ? OR d.name LIKE ? ESCAPE '\\')", .text("a_"), .text("a\\_/%")))
    }

    @Test func listsMatchAnyElement() throws {
        let element =
            "CASE element1.type WHEN 'text' THEN element1.value WHEN 'integer' THEN CAST(element1.value AS TEXT) WHEN 'real' THEN CAST(element1.value AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END"
        let exists = """
            EXISTS (SELECT 1 FROM json_each(CASE json_type(d.properties, '$."dc:subjects"') WHEN 'array' \
            THEN json_extract(d.properties, '$."dc:subjects"') END) AS element1 WHERE \(element) = ?)
            """
        #expect(try Compile.predicate("dc:subjects = 'a'") == sql(exists, .text("a")))
        #expect(try Compile.predicate("dc:subjects/* = 'a'") == sql(exists, .text("a")))
        #expect(try Compile.predicate("dc:subjects <> 'a'") == sql("NOT (\(exists))", .text("a")))
        #expect(
            try Compile.predicate("dc:subjects IN ('a', 'b')")
                == sql(
                    exists.replacingOccurrences(of: "\(element) = ?)", with: "(\(element) = ? OR \(element) = ?))"),
                    .text("a"), .text("b")))
        #expect(
            try Compile.predicate("dc:subjects IS NULL")
                == sql(
                    #"CASE json_type(d.properties, '$."dc:subjects"') WHEN 'array' THEN json_array_length(json_extract(d.properties, '$."dc:subjects"')) ELSE 0 END = 0"#
                ))
        #expect(
            try Compile.predicate("dc:subjects IS NULL", .postgres)
                == sql(
                    "CASE jsonb_typeof((d.properties::jsonb -> 'dc:subjects')) WHEN 'array' THEN jsonb_array_length((d.properties::jsonb -> 'dc:subjects')) ELSE 0 END = 0"
                ))
        #expect(
            try Compile.predicate("dc:subjects/1 = 'a'").text.hasPrefix(
                "CASE json_type(d.properties, '$.\"dc:subjects\"[1]')"))
        let postgres = try Compile.predicate("dc:subjects = 'a'", .postgres)
        #expect(
            postgres.text == """
                EXISTS (SELECT 1 FROM jsonb_array_elements(CASE jsonb_typeof((d.properties::jsonb -> 'dc:subjects')) WHEN 'array' \
                THEN (d.properties::jsonb -> 'dc:subjects') END) AS element1(value) WHERE \
                CASE WHEN jsonb_typeof(element1.value) IN ('string', 'number', 'boolean') THEN element1.value #>> '{}' END = ?)
                """)
    }

    @Test func nestedWildcardsIterateEachList() throws {
        let sqlite = try Compile.predicate("files:files/*/file/tags/* = 'x'")
        #expect(
            sqlite.text.hasPrefix(
                """
                EXISTS (SELECT 1 FROM json_each(CASE json_type(d.properties, '$."files:files"') WHEN 'array' THEN json_extract(d.properties, '$."files:files"') END) AS element1, \
                json_each(CASE json_type(CASE WHEN element1.type IN ('object', 'array') THEN element1.value END, '$."file"."tags"') WHEN 'array' \
                THEN json_extract(CASE WHEN element1.type IN ('object', 'array') THEN element1.value END, '$."file"."tags"') END) AS element2 WHERE CASE element2.type
                """))
        let postgres = try Compile.predicate("files:files/*/file/tags/* = 'x'", .postgres)
        #expect(
            postgres.text.contains(
                "AS element1(value), jsonb_array_elements(CASE jsonb_typeof((element1.value -> 'file' -> 'tags')) WHEN 'array'"
            ))
        #expect(postgres.text.contains("AS element2(value) WHERE"))
    }

    @Test func datesBecomeISOStrings() throws {
        #expect(try Compile.predicate("dc:created >= DATE '2024-01-02'").binds == [.text("2024-01-02T00:00:00.000Z")])
        #expect(
            try Compile.predicate("dc:created < TIMESTAMP '2024-01-02 03:04:05.6'").binds == [
                .text("2024-01-02T03:04:05.600Z")
            ])
        #expect(try Compile.predicate("dc:created > NOW('-P1D')").binds == [.text("2024-01-01T10:06:40.000Z")])
        #expect(
            try Compile.predicate("dc:created > NOW() AND dc:created < NOW('PT1.5S')").binds == [
                .text("2024-01-02T10:06:40.000Z"), .text("2024-01-02T10:06:41.500Z"),
            ])
        #expect(throws: NXQLError("NOW('P99999Y') is out of range", at: nil)) {
            try Compile.predicate("dc:created > NOW('P99999Y')")
        }
    }

    @Test func ordering() throws {
        let sqlite = Compile.compiler(.sqlite)
        let postgres = Compile.compiler(.postgres)
        #expect(
            RenderedSQL(try sqlite.orderBy(property: "dc:title", descending: false))
                == sql(#"json_extract(d.properties, '$."dc:title"') ASC"#))
        let title = "(d.properties::jsonb -> 'dc:title')"
        #expect(
            RenderedSQL(try postgres.orderBy(property: "dc:title", descending: true))
                == sql(
                    """
                    CASE jsonb_typeof(\(title)) WHEN 'number' THEN 1 WHEN 'boolean' THEN 1 WHEN 'string' THEN 2 \
                    WHEN 'array' THEN 2 WHEN 'object' THEN 2 END DESC NULLS LAST, \
                    CASE jsonb_typeof(\(title)) WHEN 'number' THEN (\(title))::numeric \
                    WHEN 'boolean' THEN CASE WHEN (\(title))::boolean THEN 1 ELSE 0 END END DESC NULLS LAST, \
                    CASE jsonb_typeof(\(title)) WHEN 'string' THEN \(title) #>> '{}' WHEN 'array' THEN \(title)::text \
                    WHEN 'object' THEN \(title)::text END DESC NULLS LAST
                    """))
        #expect(
            RenderedSQL(try postgres.orderBy(property: "ecm:path", descending: false)) == sql("d.path ASC NULLS FIRST"))
        #expect(RenderedSQL(try sqlite.orderBy(property: "ecm:pos", descending: true)) == sql("d.pos DESC"))
        #expect(
            RenderedSQL(try sqlite.orderBy(property: "files:files/0/file/name", descending: false))
                == sql(#"json_extract(d.properties, '$."files:files"[0]."file"."name"') ASC"#))
        for ignored in ["ecm:isProxy", "dc:nope", "ecm:mixinType", "ecm:ancestorId", "ecm:fulltext", "ecm:nope"] {
            #expect(try sqlite.orderBy(property: ignored, descending: false).isEmpty, "\(ignored)")
        }
        #expect(throws: NXQLError("cannot order by dc:subjects/*: it has a wildcard", at: nil)) {
            try sqlite.orderBy(property: "dc:subjects/*", descending: false)
        }
        let query = try NXQLQuery(parsing: "SELECT * FROM Document ORDER BY ecm:name DESC, dc:nope, ecm:pos")
        #expect(RenderedSQL(try sqlite.compile(query, principals: nil).orderBy) == sql("d.name DESC, d.pos ASC"))
    }

    @Test func inputNeverBecomesSQLText() throws {
        let hostile = "x'); DROP TABLE repo_documents; --\" \\ $1 ? :a"
        let query = try NXQLQuery(
            parsing:
                "SELECT * FROM Document WHERE dc:title = '\(hostile.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'"))'"
        )
        for dialect in [SQLDialect.sqlite, .postgres] {
            let compiled = try Compile.compiler(dialect).compile(query, principals: [hostile])
            let rendered = RenderedSQL(compiled.condition)
            #expect(!rendered.text.contains("DROP"))
            #expect(rendered.binds == [.text(hostile), .text(hostile)])
        }
        for name in ["dc:title'", "dc:\"title", "dc:title;", "dc:title)--", "dc title", "ünï:x", "a/'b"] {
            #expect(throws: NXQLError.self) { try Compile.compiler(.sqlite).orderBy(property: name, descending: false) }
        }
    }
}
