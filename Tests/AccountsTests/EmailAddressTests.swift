import Accounts
import Testing

/// The one plausibility check of email addresses: what passes and what does not.
@Suite struct EmailAddressTests {
    @Test(arguments: ["ada@example.com", "a.b+tag@mail.example.org", "x@y.z"])
    func anAddressWithADomainPasses(_ text: String) {
        #expect(EmailAddress.isPlausible(text))
    }

    @Test(arguments: [
        "", "ada", "@example.com", "ada@", "ada@localhost", "a@b@example.com", "ada @example.com", "ada@example.com\n", "not an address",
    ])
    func anythingElseDoesNot(_ text: String) {
        #expect(!EmailAddress.isPlausible(text))
    }
}
