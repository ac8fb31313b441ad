import ArgumentParser
import Foundation
import SignWellSDK

extension SignCommand {
    /// A recipient on the command line: `NAME:EMAIL`.
    struct RecipientArgument: ExpressibleByArgument {
        /// The recipient's name.
        let name: String
        /// The recipient's e-mail address.
        let email: String

        /// Reads `NAME:EMAIL`; the name may hold colons, the address may not.
        init?(argument: String) {
            guard let colon = argument.lastIndex(of: ":") else { return nil }
            let name = argument[..<colon].trimmingCharacters(in: .whitespaces)
            let email = argument[argument.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, email.contains("@") else { return nil }
            self.name = name
            self.email = email
        }
    }

    /// A field on the command line: `RECIPIENT#:TYPE:PAGE:X:Y[:W:H]`, where RECIPIENT# counts
    /// the `--recipient` options from 1 and X, Y, W, H are in the API's pixels (96 per inch,
    /// from the page's top-left corner).
    struct FieldArgument: ExpressibleByArgument {
        /// The 1-based position of the recipient among the `--recipient` options.
        let recipientNumber: Int
        /// The field.
        let field: Field

        /// Reads `RECIPIENT#:TYPE:PAGE:X:Y[:W:H]`.
        init?(argument: String) {
            let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5 || parts.count == 7,
                let recipient = Int(parts[0]), recipient >= 1,
                let page = Int(parts[2]), page >= 1,
                let x = Double(parts[3]), let y = Double(parts[4])
            else { return nil }
            let type = FieldType(rawValue: parts[1])
            guard FieldType.knownValues.contains(type) else { return nil }
            var field = Field(type: type, page: page, x: x, y: y, recipientID: String(recipient))
            if parts.count == 7 {
                guard let width = Double(parts[5]), let height = Double(parts[6]), width > 0, height > 0 else { return nil }
                field.width = width
                field.height = height
            }
            if type == .date { field.dateFormat = .monthNameDayYear }
            self.recipientNumber = recipient
            self.field = field
        }
    }
}
