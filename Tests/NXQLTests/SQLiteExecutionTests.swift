import ChanceryTestSupport
import NXQL
import Testing

/// Compiled SQL run for real by SQLite on the fixture of ``SQLiteDatabase``. The same
/// queries, compiled for PostgreSQL, select the same documents in the same order (checked
/// against a PostgreSQL server with the same tables and data).
@Suite struct SQLiteExecutionTests {
    /// Queries and the ids they select, in order; a leading `@` means "as a user in bob,
    /// members and Everyone" rather than as an administrator. Queries without ORDER BY list
    /// ids alphabetically.
    static let cases: [(query: String, ids: String)] = [
        (#"SELECT * FROM Document"#, "dom,f1,f2,f3,n1,root,v1,w1,w2,ws"),
        (#"@SELECT * FROM Document"#, "dom,f1,f3,n1,root,v1,w1,ws"),
        (#"SELECT * FROM File"#, "f1,f2,f3,v1"),
        (#"SELECT * FROM Folder, Note"#, "n1,w1,w2"),
        (
            #"SELECT * FROM Document WHERE ecm:parentId = 'w1' AND ecm:isTrashed = 0 AND ecm:isVersion = 0 AND ecm:isProxy = 0 AND ecm:mixinType != 'HiddenInNavigation' ORDER BY dc:title"#,
            "n1,f1"
        ),
        (#"SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'"#, "dom,root,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:mixinType IN ('SuperSpace', 'Versionable')"#, "dom,f1,f2,n1,v1,w1,w2"),
        (#"SELECT * FROM Document WHERE ecm:mixinType NOT IN ('Folderish', 'Downloadable')"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces/w1'"#, "f1,f2,n1"),
        (#"SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces/w1/'"#, "f1,f2,n1"),
        (#"SELECT * FROM Document WHERE ecm:path STARTSWITH '/'"#, "dom,f1,f2,f3,n1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces/w_'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:path = '/default-domain/workspaces/w1/file1'"#, "f1"),
        (
            #"SELECT * FROM Document WHERE ecm:path <> '/default-domain/workspaces/w1/file1'"#,
            "dom,f2,f3,n1,root,v1,w1,w2,ws"
        ),
        (#"SELECT * FROM Document WHERE ecm:ancestorId = 'w1'"#, "f1,f2,n1"),
        (#"SELECT * FROM Document WHERE ecm:ancestorId = 'root'"#, "dom,f1,f2,f3,n1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:ancestorId <> 'ws'"#, "dom,root,v1,ws"),
        (#"SELECT * FROM Document WHERE ecm:ancestorId IN ('w1', 'w2')"#, "f1,f2,n1"),
        (#"SELECT * FROM Document WHERE ecm:ancestorId = 'v1'"#, ""),
        (#"SELECT * FROM Document WHERE dc:title = 'Report 2024'"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE dc:title <> 'Report 2024'"#, "dom,f2,f3,n1,root,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE dc:title LIKE 'report%'"#, "f2"),
        (#"SELECT * FROM Document WHERE dc:title LIKE 'Report%'"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE dc:title ILIKE 'report%'"#, "f1,f2,v1"),
        (#"SELECT * FROM Document WHERE dc:title NOT ILIKE 'report%'"#, "dom,f3,n1,root,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE dc:title LIKE '%100\%'"#, "n1"),
        (#"SELECT * FROM Document WHERE dc:title LIKE '%\\\\%'"#, "n1"),
        (#"SELECT * FROM Document WHERE dc:title LIKE 'O''%'"#, "n1"),
        (#"SELECT * FROM Document WHERE dc:title LIKE '_eport%'"#, "f1,f2,v1"),
        (#"SELECT * FROM Document WHERE dc:title LIKE '%[*]%'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:name LIKE 'file\_%'"#, "f2"),
        (#"SELECT * FROM Document WHERE ecm:name LIKE 'file_%'"#, "f1,f2,v1"),
        (#"SELECT * FROM Document WHERE ecm:name ILIKE 'w1%'"#, "f3,w1,w2"),
        (#"SELECT * FROM Document WHERE dc:subjects = 'art'"#, "f1,v1,w2"),
        (#"SELECT * FROM Document WHERE dc:subjects <> 'art'"#, "dom,f2,f3,n1,root,w1,ws"),
        (#"SELECT * FROM Document WHERE dc:subjects IN ('art', 'science')"#, "f1,n1,v1,w2"),
        (#"SELECT * FROM Document WHERE dc:subjects NOT IN ('art', 'science')"#, "dom,f2,f3,root,w1,ws"),
        (#"SELECT * FROM Document WHERE dc:subjects/* = 'science'"#, "f1,n1"),
        (#"SELECT * FROM Document WHERE dc:subjects/0 = 'art'"#, "f1,v1,w2"),
        (#"SELECT * FROM Document WHERE dc:subjects/1 = 'science'"#, "f1"),
        (#"SELECT * FROM Document WHERE dc:subjects IS NULL"#, "dom,f2,f3,root,w1,ws"),
        (#"SELECT * FROM Document WHERE dc:subjects IS NOT NULL"#, "f1,n1,v1,w2"),
        (#"SELECT * FROM Document WHERE dc:subjects = 3"#, "w2"),
        (#"SELECT * FROM Document WHERE dc:subjects = 1"#, "w2"),
        (#"SELECT * FROM Document WHERE dc:subjects = 'true'"#, "w2"),
        (#"SELECT * FROM Document WHERE dc:subjects = 'notalist'"#, ""),
        (#"SELECT * FROM Document WHERE dc:subjects LIKE 'sci%'"#, "f1,n1"),
        (#"SELECT * FROM Document WHERE files:files/*/file/name = 'b.pdf'"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/*/file/name LIKE '%.txt'"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/file/name = 'a.txt'"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/1/file/name = 'b.pdf'"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/*/file/length > 15"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/*/file/name IS NULL"#, ""),
        (#"SELECT * FROM Document WHERE files:files/*/* = 'a.txt'"#, ""),
        (#"SELECT * FROM Document WHERE file:content/name = 'report.PDF'"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content/name ILIKE '%.pdf'"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content/length >= 1234"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content/length BETWEEN 1000 AND 2000"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content/mime-type = 'application/pdf'"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content IS NULL"#, "dom,f2,f3,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE file:content IS NOT NULL"#, "f1"),
        (#"SELECT * FROM Document WHERE file:content = 'x'"#, ""),
        (#"SELECT * FROM Document WHERE uid:major_version = 1"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version = '1'"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version = 1.0"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version > 0.5"#, "f1,n1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version = '2.5'"#, "n1"),
        (#"SELECT * FROM Document WHERE uid:major_version = 2.5"#, "n1"),
        (#"SELECT * FROM Document WHERE uid:major_version = 3"#, ""),
        (#"SELECT * FROM Document WHERE uid:major_version = '3'"#, "f3"),
        (#"SELECT * FROM Document WHERE uid:major_version < 3"#, "f1,f2,n1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version BETWEEN 1 AND 2"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version NOT BETWEEN 1 AND 2"#, "dom,f2,f3,n1,root,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE uid:major_version BETWEEN 1 AND '2'"#, "f1,v1"),
        (#"SELECT * FROM Document WHERE uid:major_version IN (0, 1)"#, "f1,f2,v1"),
        (#"SELECT * FROM Document WHERE my:flag = 1"#, "f1,f3"),
        (#"SELECT * FROM Document WHERE my:flag = 0"#, "f2"),
        (#"SELECT * FROM Document WHERE my:flag = 'true'"#, "f1"),
        (#"SELECT * FROM Document WHERE my:flag = 'false'"#, "f2"),
        (#"SELECT * FROM Document WHERE my:flag <> 1"#, "dom,f2,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE dc:created > DATE '2024-01-01'"#, "f1,f2,f3"),
        (#"SELECT * FROM Document WHERE dc:created < TIMESTAMP '2024-01-02 10:00:00'"#, "n1"),
        (#"SELECT * FROM Document WHERE dc:created <= TIMESTAMP '2024-01-02 10:00:00'"#, "f1,n1"),
        (#"SELECT * FROM Document WHERE dc:created BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'"#, "f1,f2"),
        (#"SELECT * FROM Document WHERE dc:created > NOW('-P1D')"#, "f1,f2,f3"),
        (#"SELECT * FROM Document WHERE dc:created < NOW()"#, "f1,n1"),
        (#"SELECT * FROM Document WHERE dc:created > NOW('-P1Y')"#, "f1,f2,f3,n1"),
        (#"SELECT * FROM Document WHERE dc:created > 4"#, "f3"),
        (#"SELECT * FROM Document WHERE dc:title STARTSWITH 'Report'"#, ""),
        (#"SELECT * FROM Document WHERE dc:title IS NULL"#, "root"),
        (#"SELECT * FROM Document WHERE dc:title IS NOT NULL"#, "dom,f1,f2,f3,n1,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE dc:description IS NULL"#, "dom,f1,f2,f3,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE dc:nonexistent = 'x'"#, ""),
        (#"SELECT * FROM Document WHERE dc:nonexistent <> 'x'"#, ""),
        (#"SELECT * FROM Document WHERE NOT dc:nonexistent = 'x'"#, "dom,f1,f2,f3,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:foo = 'x'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:isVersion = 1"#, "v1"),
        (#"SELECT * FROM Document WHERE ecm:isVersion = 'true'"#, "v1"),
        (#"SELECT * FROM Document WHERE ecm:isCheckedIn = 1 AND ecm:isLatestVersion = 1"#, "v1"),
        (#"SELECT * FROM Document WHERE ecm:isTrashed = 1"#, "f2"),
        (#"SELECT * FROM Document WHERE ecm:isTrashed = 'yes'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:isTrashed <> 'yes'"#, "dom,f1,f2,f3,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:isProxy = 1"#, ""),
        (#"SELECT * FROM Document WHERE ecm:isProxy = 0 AND ecm:primaryType = 'Note'"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:versionLabel = '1.0'"#, "v1"),
        (#"SELECT * FROM Document WHERE ecm:versionLabel IS NULL"#, "dom,f2,f3,n1,root,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:versionVersionableId = 'f1'"#, "v1"),
        (#"SELECT * FROM Document WHERE ecm:lockOwner = 'bob'"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:lockOwner <> 'bob'"#, "dom,f1,f2,f3,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:lockOwner IS NOT NULL"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:currentLifeCycleState <> 'approved'"#, "dom,f1,f2,f3,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:pos = 1"#, "f2,w2"),
        (#"SELECT * FROM Document WHERE ecm:pos = '1'"#, "f2,w2"),
        (#"SELECT * FROM Document WHERE ecm:pos >= 1.5"#, "f3,n1"),
        (#"SELECT * FROM Document WHERE ecm:pos LIKE '2%'"#, "f3,n1"),
        (#"SELECT * FROM Document WHERE ecm:pos = 'abc'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:name = 1"#, ""),
        (#"SELECT * FROM Document WHERE ecm:uuid IN ('f1', 'f2') OR ecm:id = 'n1'"#, "f1,f2,n1"),
        (#"SELECT * FROM Document WHERE ecm:primaryType IN ('File', 'Note')"#, "f1,f2,f3,n1,v1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'report'"#, "f1,f2"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'REPORT science'"#, "f1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'report -draft'"#, "f1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'draft OR alpha'"#, "f2,w1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'rep*'"#, "f1,f2"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = '"art and science"'"#, "f1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = '"science and art"'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'hello-world'"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'O''Brien'"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = '3.14'"#, "f1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext = '-report'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:fulltext = '"'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'a''b\\c" OR :* & | ! ( ) NEAR'"#, ""),
        (#"SELECT * FROM Document WHERE ecm:fulltext = 'qu*rterly'"#, ""),
        (#"SELECT * FROM Document WHERE NOT ecm:fulltext = 'report'"#, "dom,f3,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document WHERE ecm:fulltext.dc:title = 'REPORT'"#, "f1,f2,v1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext.dc:subjects = 'ScI'"#, "f1,n1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext.dc:title = '100%'"#, "n1"),
        (#"SELECT * FROM Document WHERE ecm:fulltext.dc:nope = 'x'"#, ""),
        (
            #"SELECT * FROM Document WHERE (dc:title = 'Beta' OR dc:title = 'UPPER') AND NOT ecm:primaryType = 'File'"#,
            "w2"
        ),
        (#"SELECT * FROM Document WHERE NOT (dc:title = 'Beta' OR dc:title LIKE 'R%')"#, "dom,f2,f3,n1,root,w1,ws"),
        (#"SELECT * FROM Document WHERE NOT NOT dc:title = 'Beta'"#, "w2"),
        (#"SELECT * FROM Document ORDER BY dc:title DESC"#, "f2,ws,f3,f1,v1,n1,dom,w2,w1,root"),
        (#"SELECT * FROM Document ORDER BY uid:major_version"#, "dom,root,w1,w2,ws,f2,f1,v1,n1,f3"),
        (#"SELECT * FROM Document ORDER BY uid:major_version DESC"#, "f3,n1,f1,v1,f2,dom,root,w1,w2,ws"),
        (#"SELECT * FROM Document ORDER BY ecm:path, ecm:name DESC"#, "root,dom,ws,f3,w1,f1,v1,f2,n1,w2"),
        (
            #"SELECT * FROM Document ORDER BY ecm:pos DESC, ecm:isProxy, dc:nope, ecm:mixinType"#,
            "f3,n1,f2,w2,dom,f1,root,v1,w1,ws"
        ),
        (#"SELECT * FROM Document ORDER BY file:content/length DESC"#, "f1,dom,f2,f3,n1,root,v1,w1,w2,ws"),
        (#"SELECT * FROM Document ORDER BY files:files/0/file/name"#, "dom,f2,f3,n1,root,v1,w1,w2,ws,f1"),
        (#"SELECT * FROM Document ORDER BY ecm:lockOwner DESC"#, "n1,dom,f1,f2,f3,root,v1,w1,w2,ws"),
        (#"@SELECT * FROM Document WHERE ecm:primaryType = 'File'"#, "f1,f3,v1"),
        (#"@SELECT * FROM File ORDER BY dc:title"#, "f1,v1,f3"),
        (#"SELECT * FROM Document WHERE files:files/*/file/tags/* = 'blue'"#, "f1"),
        (#"SELECT * FROM Document WHERE files:files/*/file/tags/* <> 'red'"#, "dom,f2,f3,n1,root,v1,w1,w2,ws"),
        (
            #"SELECT * FROM Document WHERE files:files/*/file/tags/* LIKE 'r%' AND files:files/*/file/name = 'b.pdf'"#,
            "f1"
        ),
        (#"SELECT * FROM Document WHERE files:files/0/file/tags/1 = 'blue'"#, "f1"),
        (#"SELECT * FROM Document WHERE dc:subjects/0 IS NOT NULL"#, "f1,n1,v1,w2"),
    ]

    @Test func queriesSelectTheExpectedDocuments() async throws {
        let database = try await SQLiteDatabase()
        defer { database.remove() }
        let compiler = Compile.compiler(.sqlite)
        var script = ""
        for (label, testCase) in Self.cases.enumerated() {
            var text = testCase.query
            let principals: [String]? = text.hasPrefix("@") ? ["bob", "members", "Everyone"] : nil
            if principals != nil { text.removeFirst() }
            script += SQLiteDatabase.statement(
                label, try compiler.compile(NXQLQuery(parsing: text), principals: principals))
        }
        let result = try await database.run(script)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == Self.cases.count)
        for (line, testCase) in zip(lines, Self.cases) {
            let ids =
                line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? ""
            #expect(ids == testCase.ids, "\(testCase.query)")
        }
    }

    @Test func randomQueriesRunWithoutErrors() async throws {
        let database = try await SQLiteDatabase()
        defer { database.remove() }
        var random = RandomQuery(generator: SeededGenerator(seed: 5))
        var script = ""
        var count = 0
        for _ in 0..<2000 {
            let query = try random.query()
            let principals: [String]? = Bool.random(using: &random.generator) ? ["bob", "Everyone"] : nil
            guard let compiled = try? Compile.compiler(.sqlite).compile(query, principals: principals) else { continue }
            script += SQLiteDatabase.statement(count, compiled)
            count += 1
        }
        #expect(count > 1500)
        let result = try await database.run(script)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let labels = result.output.split(separator: "\n").compactMap {
            $0.split(separator: "|").first.flatMap { Int($0) }
        }
        #expect(labels == Array(0..<count))
    }

    @Test func fullTextQueriesNeverBreakFTS5() async throws {
        let database = try await SQLiteDatabase()
        defer { database.remove() }
        var generator = SeededGenerator(seed: 6)
        let alphabet: [Unicode.Scalar] = [
            "a", "b", "r", "e", "p", "o", "t", " ", " ", "\"", "'", "-", "*", "(", ")", ":", "^", "+", "O", "R", "N",
            "E", "A", "\\", "{", "}", "\u{301}", "é",
        ]
        var script = ""
        for label in 0..<1000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...16, using: &generator) {
                text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            let predicate = NXQLPredicate.comparison(
                try NXQLProperty(parsing: "ecm:fulltext"), .equal, .string(String(text)))
            let query = NXQLQuery(documentTypes: ["Document"], predicate: predicate)
            script += SQLiteDatabase.statement(label, try Compile.compiler(.sqlite).compile(query, principals: nil))
        }
        let result = try await database.run(script)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output.split(separator: "\n").count == 1000)
    }
}
