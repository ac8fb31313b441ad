import Accounts
import ArgumentParser
import ChanceryServer
import Foundation
import Storage

/// `chancery keys`: rotating the server's keys that can be rotated without downtime.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Rotate the server's keys.",
        subcommands: [Rotate.self]
    )

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take the next step of a key's rotation: prepare a new key, or make the prepared key current.",
            discussion: """
                A rotation takes two runs, each followed by a restart of every instance (one at \
                a time): the first prepares a new key, which every instance restarted from then \
                on accepts; the second makes it the key that signs, while the one before stays \
                accepted until the next rotation. Nothing made with either key stops working \
                in between.

                oauth2-token: the key that signs OAuth2 access tokens (oauth2-signing.pem).
                signing-links: the key of recipients' signing links, unlock proofs and \
                completed-file links (signing/link.key). A link made before the rotation \
                before last stops working.

                On a single server, give its --data; in a deployment of several instances, \
                give the --database and --key-encryption-key-file the instances share (the \
                keys travel through the database; --data may be any directory).

                Examples:
                  chancery keys rotate oauth2-token --data /var/lib/chancery
                  chancery keys rotate signing-links --database postgres://… --key-encryption-key-file kek
                """
        )

        @Argument(
            help: ArgumentHelp("The key: oauth2-token or signing-links.", valueName: "key"),
            transform: { name in
                guard let key = RotatingServerKey(rawValue: name) else {
                    throw ValidationError("'\(name)' is not a key that rotates: use oauth2-token or signing-links")
                }
                return key
            })
        var key: RotatingServerKey

        @OptionGroup var store: StoreOptions
        @OptionGroup var keyEncryption: KeyEncryptionKeyOptions

        func run() async throws {
            let keysDirectory = ServerConfiguration.keysDirectory(in: store.dataDirectory)
            let rotate = { [key, dataDirectory = store.dataDirectory] in try key.rotate(inDataDirectory: dataDirectory) }
            let step: KeyRotationStep
            let (encryptionKey, previousEncryptionKey) = try keyEncryption.keys()
            if let encryptionKey {
                step = try await store.withAccounts { accounts in
                    try await DeploymentKeys(
                        database: accounts.database, directory: keysDirectory, encryptionKey: encryptionKey,
                        previousEncryptionKey: previousEncryptionKey
                    ).synchronize(rotate)
                }
            } else {
                step = try rotate()
            }
            switch step {
            case .prepared:
                print("Prepared a new \(key.rawValue) key. Restart every instance, one at a time; then run this command again.")
            case .promoted:
                print(
                    "The prepared \(key.rawValue) key is now current. Restart every instance, one at a time: they sign with it and still accept the previous key."
                )
            }
        }
    }
}
