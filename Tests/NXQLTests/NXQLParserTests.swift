import NXQL
import Testing

/// The parser accepts every construct of the grammar and builds the expected tree.
@Suite struct NXQLParserTests {
    /// The predicate of `SELECT * FROM Document WHERE <text>`.
    func predicate(_ text: String) throws -> NXQLPredicate? {
        try NXQLQuery(parsing: "SELECT * FROM Document WHERE " + text).predicate
    }

    /// A parsed property.
    func property(_ text: String) throws -> NXQLProperty {
        try NXQLProperty(parsing: text)
    }

    /// `property = value`.
    func equal(_ name: String, _ value: NXQLValue) throws -> NXQLPredicate {
        .comparison(try property(name), .equal, value)
    }

    @Test func minimalQuery() throws {
        let query = try NXQLQuery(parsing: "SELECT * FROM Document")
        #expect(query == NXQLQuery(documentTypes: ["Document"]))
    }

    @Test func keywordsIgnoreCase() throws {
        let lower = try NXQLQuery(parsing: "select * from document where dc:title like 'a%' order by dc:title desc")
        let mixed = try NXQLQuery(parsing: "Select * From document Where dc:title Like 'a%' Order By dc:title Desc")
        #expect(lower == mixed)
        #expect(lower.documentTypes == ["document"])
        #expect(lower.ordering == [NXQLOrdering(property: try property("dc:title"), isDescending: true)])
    }

    @Test func severalTypesAndSelectList() throws {
        let query = try NXQLQuery(parsing: "SELECT ecm:uuid, dc:title FROM File, Note")
        #expect(query.selection == .properties([try property("ecm:uuid"), try property("dc:title")]))
        #expect(query.documentTypes == ["File", "Note"])
        #expect(query.predicate == nil)
    }

    @Test func typeNamesThatLookLikeKeywords() throws {
        let query = try NXQLQuery(parsing: "SELECT * FROM Order, Where")
        #expect(query.documentTypes == ["Order", "Where"])
    }

    @Test func orderBySeveralProperties() throws {
        let query = try NXQLQuery(parsing: "SELECT * FROM Document ORDER BY dc:title ASC, ecm:pos DESC, ecm:name")
        #expect(
            query.ordering == [
                NXQLOrdering(property: try property("dc:title")),
                NXQLOrdering(property: try property("ecm:pos"), isDescending: true),
                NXQLOrdering(property: try property("ecm:name")),
            ])
    }

    @Test func comparisonOperators() throws {
        let operators: [(String, NXQLComparisonOperator)] = [
            ("=", .equal), ("<>", .notEqual), ("!=", .notEqual), ("<", .less), ("<=", .lessOrEqual),
            (">", .greater), (">=", .greaterOrEqual), ("LIKE", .like), ("NOT LIKE", .notLike),
            ("ILIKE", .ilike), ("NOT ILIKE", .notIlike), ("STARTSWITH", .startsWith),
        ]
        for (text, comparison) in operators {
            let parsed = try predicate("dc:title \(text) 'x'")
            #expect(parsed == .comparison(try property("dc:title"), comparison, .string("x")), "\(text)")
        }
    }

    @Test func operatorsWithoutSpaces() throws {
        #expect(try predicate("ecm:pos>=-1") == .comparison(try property("ecm:pos"), .greaterOrEqual, .integer(-1)))
        #expect(try predicate("ecm:pos<>2") == .comparison(try property("ecm:pos"), .notEqual, .integer(2)))
        #expect(try predicate("ecm:pos!=2") == .comparison(try property("ecm:pos"), .notEqual, .integer(2)))
    }

    @Test func inBetweenAndNull() throws {
        let title = try property("dc:title")
        #expect(
            try predicate("dc:title IN ('a', 'b')") == .inList(title, [.string("a"), .string("b")], negated: false))
        #expect(try predicate("dc:title NOT IN ('a')") == .inList(title, [.string("a")], negated: true))
        #expect(
            try predicate("dc:title BETWEEN 'a' AND 'b'") == .between(title, .string("a"), .string("b"), negated: false)
        )
        #expect(
            try predicate("dc:title NOT BETWEEN 1 AND 2") == .between(title, .integer(1), .integer(2), negated: true))
        #expect(try predicate("dc:title IS NULL") == .isNull(title, negated: false))
        #expect(try predicate("dc:title IS NOT NULL") == .isNull(title, negated: true))
    }

    @Test func andBindsTighterThanOr() throws {
        let (a, b, c) = (try equal("a", .integer(1)), try equal("b", .integer(2)), try equal("c", .integer(3)))
        #expect(try predicate("a = 1 OR b = 2 AND c = 3") == .or([a, .and([b, c])]))
        #expect(try predicate("a = 1 AND b = 2 OR c = 3") == .or([.and([a, b]), c]))
        #expect(try predicate("(a = 1 OR b = 2) AND c = 3") == .and([.or([a, b]), c]))
        #expect(try predicate("a = 1 AND b = 2 AND c = 3") == .and([a, b, c]))
        #expect(try predicate("a = 1 OR b = 2 OR c = 3") == .or([a, b, c]))
    }

    @Test func notBindsTighterThanAnd() throws {
        let (a, b) = (try equal("a", .integer(1)), try equal("b", .integer(2)))
        #expect(try predicate("NOT a = 1 AND b = 2") == .and([.not(a), b]))
        #expect(try predicate("NOT (a = 1 AND b = 2)") == .not(.and([a, b])))
        #expect(try predicate("NOT NOT a = 1") == .not(.not(a)))
        #expect(try predicate("((a = 1))") == a)
    }

    @Test func betweenKeepsItsAnd() throws {
        let b = try equal("b", .integer(3))
        let between = NXQLPredicate.between(try property("a"), .integer(1), .integer(2), negated: false)
        #expect(try predicate("a BETWEEN 1 AND 2 AND b = 3") == .and([between, b]))
    }

    @Test func propertyPaths() throws {
        #expect(try property("dc:title") == NXQLProperty(parsing: "dc:title"))
        let uid = try property("uid")
        #expect(uid.name == "uid" && uid.steps.isEmpty)
        let name = try property("file:content/name")
        #expect(name.name == "file:content" && name.steps == [.field("name")])
        let files = try property("files:files/*/file/name")
        #expect(files.steps == [.anyElement, .field("file"), .field("name")])
        #expect(try property("files:files/*1/file").steps == [.anyElement, .field("file")])
        #expect(try property("dc:subjects/*").steps == [.anyElement])
        #expect(try property("files:files/0/file/name").steps == [.index(0), .field("file"), .field("name")])
        #expect(try property("file:content/mime-type").steps == [.field("mime-type")])
        #expect(try property("ecm:fulltext.dc:title").name == "ecm:fulltext.dc:title")
        #expect(try property("files:files/*/file/name").description == "files:files/*/file/name")
    }

    @Test func pathsInsideAQuery() throws {
        let parsed = try predicate("files:files/*/file/name LIKE '%.pdf' AND dc:subjects/* = 'art'")
        let expected = NXQLPredicate.and([
            .comparison(try property("files:files/*/file/name"), .like, .string("%.pdf")),
            .comparison(try property("dc:subjects/*"), .equal, .string("art")),
        ])
        #expect(parsed == expected)
    }

    @Test func stringLiterals() throws {
        let cases: [(String, String)] = [
            (#"'plain'"#, "plain"),
            (#""double""#, "double"),
            (#"'it\'s'"#, "it's"),
            (#"'it''s'"#, "it's"),
            (#""say \"hi\"""#, #"say "hi""#),
            (#"'back\\slash'"#, #"back\slash"#),
            (#"'line\nbreak\ttab'"#, "line\nbreak\ttab"),
            (#"'100\%'"#, #"100\%"#),
            (#"'é ünïcödé 😀'"#, "é ünïcödé 😀"),
            (#"''"#, ""),
        ]
        for (literal, value) in cases {
            #expect(
                try predicate("dc:title = \(literal)") == .comparison(try property("dc:title"), .equal, .string(value)),
                "\(literal)")
        }
    }

    @Test func numberLiterals() throws {
        let cases: [(String, NXQLValue)] = [
            ("0", .integer(0)), ("42", .integer(42)), ("-7", .integer(-7)),
            ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
            ("1.5", .double(1.5)), ("-0.25", .double(-0.25)), (".5", .double(0.5)), ("-.5", .double(-0.5)),
            ("5.", .double(5)), ("1e3", .double(1000)), ("2.5E-2", .double(0.025)), ("1e+2", .double(100)),
        ]
        for (literal, value) in cases {
            #expect(
                try predicate("ecm:pos = \(literal)") == .comparison(try property("ecm:pos"), .equal, value),
                "\(literal)")
        }
    }

    @Test func dateLiterals() throws {
        let date = try #require(NXQLDateTime(year: 2024, month: 1, day: 2))
        #expect(
            try predicate("dc:created = DATE '2024-01-02'")
                == .comparison(try property("dc:created"), .equal, .dateTime(date)))
        let timestamp = try #require(
            NXQLDateTime(year: 2024, month: 1, day: 2, hour: 10, minute: 0, second: 5, millisecond: 120))
        #expect(
            try predicate("dc:created > timestamp '2024-01-02 10:00:05.12'")
                == .comparison(try property("dc:created"), .greater, .dateTime(timestamp)))
    }

    @Test func nowLiterals() throws {
        let created = try property("dc:created")
        #expect(try predicate("dc:created < NOW()") == .comparison(created, .less, .now(offset: .zero)))
        #expect(
            try predicate("dc:created < now('P1D')") == .comparison(created, .less, .now(offset: NXQLDuration(days: 1)))
        )
        let back = NXQLDuration(isNegative: true, hours: 2, minutes: 30)
        #expect(try predicate("dc:created < NOW('-PT2H30M')") == .comparison(created, .less, .now(offset: back)))
    }

    @Test func parametersAreNumberedInOrder() throws {
        let parsed = try predicate("ecm:parentId = ? AND dc:title IN (?, :title) AND ecm:pos BETWEEN ? AND 3")
        let expected = NXQLPredicate.and([
            .comparison(try property("ecm:parentId"), .equal, .positionalParameter(index: 0)),
            .inList(
                try property("dc:title"), [.positionalParameter(index: 1), .namedParameter("title")], negated: false),
            .between(try property("ecm:pos"), .positionalParameter(index: 2), .integer(3), negated: false),
        ])
        #expect(parsed == expected)
    }

    @Test func whitespaceOfAnyKind() throws {
        let query = try NXQLQuery(parsing: "\tSELECT\n*\r\nFROM\u{00A0}Document  WHERE\u{2003}a=1 ")
        #expect(query.predicate == (try equal("a", .integer(1))))
    }

    @Test func typicalClientQueries() throws {
        let queries = [
            "SELECT * FROM Document WHERE ecm:parentId = 'abc' AND ecm:isTrashed = 0 AND ecm:isVersion = 0 AND ecm:isProxy = 0 AND ecm:mixinType != 'HiddenInNavigation' ORDER BY dc:title",
            "SELECT * FROM Document WHERE ecm:mixinType = 'Folderish'",
            "SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces' AND dc:title ILIKE '%foo%'",
            "SELECT * FROM Document WHERE ecm:currentLifeCycleState <> 'deleted'",
            "SELECT * FROM Document WHERE ecm:fulltext = 'hello world'",
            "SELECT * FROM Document WHERE ecm:primaryType IN ('File','Note')",
            "select * from document",
            "select * from Domain",
        ]
        for text in queries {
            let query = try NXQLQuery(parsing: text)
            #expect(try NXQLQuery(parsing: query.description) == query, "\(text)")
        }
    }

    @Test func descriptionIsCanonical() throws {
        let query = try NXQLQuery(
            parsing:
                "select ecm:uuid from File,Note where not (a=1 or b!='x\\'y') and c is not null and d not in (1,2.5) and e between date '2024-01-02' and now('-P1D') order by dc:title desc,ecm:pos"
        )
        #expect(
            query.description
                == "SELECT ecm:uuid FROM File, Note WHERE NOT (a = 1 OR b <> 'x\\'y') AND c IS NOT NULL AND d NOT IN (1, 2.5) AND e BETWEEN TIMESTAMP '2024-01-02 00:00:00.000' AND NOW('-P1D') ORDER BY dc:title DESC, ecm:pos"
        )
        #expect(try NXQLQuery(parsing: query.description) == query)
    }
}
