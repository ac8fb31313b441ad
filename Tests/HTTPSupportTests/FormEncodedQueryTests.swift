import HTTPSupport
import Testing

@Suite("Form-encoded queries")
struct FormEncodedQueryTests {
    @Test("plus is a space, escapes decode, and repeated names keep their order")
    func decode() {
        let query = FormEncodedQuery("query=SELECT+*+FROM+Document+WHERE+dc%3Atitle+%3D+%27a%2Bb%27&queryParams=1&queryParams=2&flag&bad=%ZZ")
        #expect(query["query"] == "SELECT * FROM Document WHERE dc:title = 'a+b'")
        #expect(query.all("queryParams") == ["1", "2"])
        #expect(query["flag"] == "")
        #expect(query["bad"] == "%ZZ")
        #expect(query["missing"] == nil)
        #expect(FormEncodedQuery(nil).items.isEmpty)
    }
}
