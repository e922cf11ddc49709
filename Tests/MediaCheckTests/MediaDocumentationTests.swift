import Foundation
import Testing

@testable import MediaCheck

/// `docs/validation-rules.md` ("Media check") lists every code the checker can emit, with its
/// severity, and no code the checker does not have.
@Suite struct MediaDocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `media.check.*` rows of the document: code and severity.
    static func documentedRows() throws -> [(code: String, severity: String)] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/validation-rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `media.check.") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (String(cells[0].dropFirst().dropLast()), cells[1])
        }
    }

    /// Every `media.check.*` literal in the module's sources.
    static func codesInSources() throws -> Set<String> {
        let sources = repository.appendingPathComponent("Sources/MediaCheck")
        var codes = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/"(media\.check\.[a-z0-9.-]+)"/#) { codes.insert(String(match.1)) }
        }
        return codes
    }

    @Test func everyCodeIsDocumentedOnceWithItsSeverity() throws {
        let rows = try Self.documentedRows()
        let documented = Dictionary(
            rows.map { ($0.code, $0.severity) }, uniquingKeysWith: { first, _ in first })
        #expect(documented.count == rows.count, "a code is listed twice")
        for code in MediaCheckCode.allCases {
            #expect(documented[code.rawValue] == code.severity.rawValue, "\(code.rawValue)")
        }
        #expect(try Self.codesInSources() == Set(MediaCheckCode.allCases.map(\.rawValue)))
    }

    @Test func everyDocumentedCodeExists() throws {
        let declared = Set(MediaCheckCode.allCases.map(\.rawValue))
        let stale = try Self.documentedRows().map(\.code).filter { !declared.contains($0) }
        #expect(stale.isEmpty, "documented codes the checker does not have: \(stale)")
    }
}
