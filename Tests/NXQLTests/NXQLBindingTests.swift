import NXQL
import Testing

/// `binding(positional:named:)` fills parameters, as page providers' `queryParams` need.
@Suite struct NXQLBindingTests {
    let query: NXQLQuery

    init() throws {
        query = try NXQLQuery(
            parsing:
                "SELECT * FROM Document WHERE ecm:parentId = ? AND (dc:title IN (?, :title) OR NOT ecm:pos BETWEEN ? AND :top) AND a IS NULL"
        )
    }

    @Test func fillsEveryParameter() throws {
        let bound = try query.binding(
            positional: [.string("p"), .string("t"), .integer(1), .string("ignored")],
            named: ["title": .string("T"), "top": .double(2.5)])
        let expected = try NXQLQuery(
            parsing:
                "SELECT * FROM Document WHERE ecm:parentId = 'p' AND (dc:title IN ('t', 'T') OR NOT ecm:pos BETWEEN 1 AND 2.5) AND a IS NULL"
        )
        #expect(bound == expected)
    }

    @Test func missingValuesAreErrors() {
        #expect(throws: NXQLError("no value for parameter 3 ('?'): 2 given", at: nil)) {
            try query.binding(
                positional: [.string("p"), .string("t")], named: ["title": .string("T"), "top": .integer(1)])
        }
        #expect(throws: NXQLError("no value for parameter ':top'", at: nil)) {
            try query.binding(positional: [.string("p"), .string("t"), .integer(1)], named: ["title": .string("T")])
        }
    }

    @Test func parametersCannotBindParameters() {
        #expect(throws: NXQLError.self) {
            try query.binding(
                positional: [.positionalParameter(index: 0), .string("t"), .integer(1)],
                named: ["title": .string("T"), "top": .integer(1)])
        }
    }

    @Test func compilingUnboundParametersIsAnError() {
        #expect(throws: NXQLError("parameter 1 ('?') has no value: bind the query first", at: nil)) {
            try Compile.compiler(.sqlite).compile(query, principals: nil)
        }
    }

    @Test func queriesWithoutParametersAreUnchanged() throws {
        let plain = try NXQLQuery(parsing: "SELECT * FROM Note ORDER BY dc:title")
        #expect(try plain.binding(positional: []) == plain)
    }
}
