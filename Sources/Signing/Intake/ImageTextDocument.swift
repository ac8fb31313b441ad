import Conversion
import Foundation
import PDF

/// A one-page flat OpenDocument text file (`.fodt`) showing one picture, for pictures the
/// PDF writer cannot embed itself (TIFF, WebP): LibreOffice Writer, which every LibreOffice
/// installation has, lays it out and exports it to PDF.
///
/// The page is ``ImagePage/size(width:height:)`` with no margins, and the picture, embedded
/// in the file, fills it, so the PDF looks as a PNG or JPEG would through ``ImagePage``.
/// LibreOffice rounds page sizes to hundredths of a millimetre.
enum ImageTextDocument {
    /// The `.fodt` file for `picture`, of `width` × `height` pixels.
    static func fodt(picture: [UInt8], width: Int, height: Int) -> [UInt8] {
        let size = ImagePage.size(width: width, height: height)
        let pageWidth = "\(size.width)pt"
        let pageHeight = "\(size.height)pt"
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
            xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
            xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
            xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" \
            xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
            xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" \
            office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
            <office:automatic-styles>
            <style:page-layout style:name="Page"><style:page-layout-properties fo:page-width="\(pageWidth)" fo:page-height="\(pageHeight)" \
            fo:margin-top="0pt" fo:margin-bottom="0pt" fo:margin-left="0pt" fo:margin-right="0pt"/></style:page-layout>
            <style:style style:name="Picture" style:family="graphic"><style:graphic-properties style:wrap="none" \
            style:vertical-pos="top" style:vertical-rel="page" style:horizontal-pos="left" style:horizontal-rel="page" \
            fo:padding="0pt" fo:border="none"/></style:style>
            <style:style style:name="Anchor" style:family="paragraph"><style:paragraph-properties fo:margin-top="0pt" fo:margin-bottom="0pt"/>\
            <style:text-properties fo:font-size="1pt"/></style:style>
            </office:automatic-styles>
            <office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page"/></office:master-styles>
            <office:body><office:text><text:p text:style-name="Anchor"><draw:frame draw:style-name="Picture" draw:name="Picture" \
            text:anchor-type="page" text:anchor-page-number="1" svg:x="0pt" svg:y="0pt" svg:width="\(pageWidth)" svg:height="\(pageHeight)">\
            <draw:image><office:binary-data>\(Data(picture).base64EncodedString())</office:binary-data></draw:image>\
            </draw:frame></text:p></office:text></office:body>
            </office:document>

            """
        return Array(document.utf8)
    }
}
