/// Who signs: the name and e-mail address that go into the signer's certificate.
public struct SignerIdentity: Sendable, Hashable {
    /// The signer's name, the certificate's common name.
    public var name: String
    /// The signer's e-mail address, the certificate's `emailAddress` and its subject
    /// alternative name.
    public var email: String

    /// Creates an identity.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}
