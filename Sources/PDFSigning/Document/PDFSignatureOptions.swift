import Foundation
import PDF

/// What one signature of a PDF file says about itself, and how it looks.
public struct PDFSignatureOptions: Sendable {
    /// The signature field's name (`/T`); the first free `SignatureN` when `nil`.
    public var fieldName: String?
    /// The visible appearance; an invisible signature when `nil` and ``widgets`` is empty.
    public var appearance: PDFSignatureAppearance?
    /// The signature's marks on the pages, each a widget annotation of the one signature
    /// field. When there are any, the field has them as its `/Kids` (after a widget for
    /// ``appearance``, when that is given too); when there are none, the field is merged
    /// with the single widget of ``appearance``.
    public var widgets: [PDFSignatureWidget]
    /// The signing time written to `/M` (and, for `adbe.pkcs7.detached`, signed).
    public var signingTime: Date
    /// Why the document is signed (`/Reason`).
    public var reason: String?
    /// Where it is signed (`/Location`).
    public var location: String?
    /// How to reach the signer (`/ContactInfo`).
    public var contactInfo: String?
    /// The signer's name (`/Name`).
    public var signerName: String?
    /// The bytes reserved for the CMS in `/Contents`; `nil` picks 8 KiB, or 24 KiB when a
    /// time-stamp is added.
    public var reservedSize: Int?

    /// Creates options; every field but the signing time is optional.
    public init(
        fieldName: String? = nil,
        appearance: PDFSignatureAppearance? = nil,
        widgets: [PDFSignatureWidget] = [],
        signingTime: Date = Date(),
        reason: String? = nil,
        location: String? = nil,
        contactInfo: String? = nil,
        signerName: String? = nil,
        reservedSize: Int? = nil
    ) {
        self.fieldName = fieldName
        self.appearance = appearance
        self.widgets = widgets
        self.signingTime = signingTime
        self.reason = reason
        self.location = location
        self.contactInfo = contactInfo
        self.signerName = signerName
        self.reservedSize = reservedSize
    }
}
