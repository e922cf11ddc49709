import CCrypto
import Foundation

/// What Pushboard reads from an APNs certificate (`X509*`): subject, topics, environments,
/// expiry, its PEM and DER forms.
struct CertificateFacts {
    /// Apple's extension listing the topics of a universal push certificate.
    static let topicsOID = "1.2.840.113635.100.6.3.6"
    /// Apple's extensions marking a certificate valid in development (sandbox) and production.
    static let developmentOID = "1.2.840.113635.100.6.3.1"
    static let productionOID = "1.2.840.113635.100.6.3.2"

    let subject: String
    let topics: [String]
    let environments: APNsKeyScope.Environments
    let notAfter: Date?
    let pem: [UInt8]?
    let der: [UInt8]

    init(_ x509: OpaquePointer) {
        let name = X509_get_subject_name(x509)
        let subject =
            LibCrypto.output { bio in X509_NAME_print_ex(bio, name, 0, ccrypto_name_flags_rfc2253()) >= 0 }
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        self.subject = subject
        let listed = Self.extensionBytes(x509, oid: Self.topicsOID).map(DERStrings.utf8Strings) ?? []
        if !listed.isEmpty {
            topics = listed
        } else if let uid = Self.userID(name) {
            topics = [uid]
        } else {
            topics = []
        }
        let development = Self.extensionBytes(x509, oid: Self.developmentOID) != nil
        let production = Self.extensionBytes(x509, oid: Self.productionOID) != nil
        switch (development, production) {
        case (true, true): environments = .both
        case (true, false): environments = .sandbox
        case (false, true): environments = .production
        case (false, false):
            // Older certificates say it only in their common name.
            environments =
                subject.contains("Development")
                ? .sandbox : subject.contains("Production") ? .production : .both
        }
        var moment = tm()
        if let time = X509_get0_notAfter(x509), ASN1_TIME_to_tm(time, &moment) == 1 {
            notAfter = Date(timeIntervalSince1970: TimeInterval(timegm(&moment)))
        } else {
            notAfter = nil
        }
        pem = LibCrypto.output { bio in PEM_write_bio_X509(bio, x509) == 1 }
        var output: UnsafeMutablePointer<UInt8>?
        let count = i2d_X509(x509, &output)
        if count > 0, let output {
            der = Array(UnsafeBufferPointer(start: output, count: Int(count)))
            ccrypto_free(output)
        } else {
            der = []
        }
    }

    /// The subject's UID (the bundle ID of a single-topic certificate).
    private static func userID(_ name: OpaquePointer?) -> String? {
        let index = X509_NAME_get_index_by_NID(name, NID_userId, -1)
        guard index >= 0, let entry = X509_NAME_get_entry(name, index),
            let data = X509_NAME_ENTRY_get_data(entry), let bytes = ASN1_STRING_get0_data(data)
        else { return nil }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))), as: UTF8.self)
    }

    /// The DER value of the extension `oid`, nil when the certificate has none.
    private static func extensionBytes(_ x509: OpaquePointer, oid: String) -> [UInt8]? {
        guard let object = OBJ_txt2obj(oid, 1) else { return nil }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(x509, object, -1)
        guard index >= 0, let found = X509_get_ext(x509, index), let data = X509_EXTENSION_get_data(found)
        else {
            return nil
        }
        guard let bytes = ASN1_STRING_get0_data(data) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))))
    }
}

/// The smallest DER reader the topics extension needs: the UTF8Strings directly inside the
/// outer SEQUENCE (`topic, SEQUENCE{kind}, topic, SEQUENCE{kind}, …`).
enum DERStrings {
    static func utf8Strings(_ der: [UInt8]) -> [String] {
        guard let outer = element(der, at: 0), outer.tag == 0x30 else { return [] }
        var strings: [String] = []
        var offset = outer.contentStart
        while offset < outer.end, let inner = element(der, at: offset), inner.end <= outer.end {
            if inner.tag == 0x0C {
                strings.append(String(decoding: der[inner.contentStart..<inner.end], as: UTF8.self))
            }
            offset = inner.end
        }
        return strings
    }

    /// The tag, content start and end of the element at `offset` (definite lengths only).
    private static func element(_ der: [UInt8], at offset: Int) -> (tag: UInt8, contentStart: Int, end: Int)?
    {
        guard offset + 2 <= der.count else { return nil }
        let tag = der[offset]
        var length = Int(der[offset + 1])
        var start = offset + 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count > 0, count <= 4, start + count <= der.count else { return nil }
            length = der[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
            start += count
        }
        guard start + length <= der.count else { return nil }
        return (tag, start, start + length)
    }
}
