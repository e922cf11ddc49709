import Foundation
import Testing

@testable import HTTPKit

/// `docs/api-errors.md` lists every row of `APIErrorCode`'s table (code and status), and no row
/// the table does not have.
@Suite struct APIErrorDocumentTests {
    /// The checkout, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A code with its status, as the table and the document pair them.
    struct Row: Hashable, CustomStringConvertible {
        let code: String
        let status: Int
        var description: String { "\(code) \(status)" }
    }

    /// The document's rows: the code and the status cells.
    static func documented() throws -> [Row] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/api-errors.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 1, let status = Int(cells[1]) else { return nil }
            return Row(code: String(cells[0].dropFirst().dropLast()), status: status)
        }
    }

    /// The table's rows.
    static var table: [Row] { APIErrorCode.allCases.map { Row(code: $0.identifier, status: $0.status.code) } }

    @Test func everyTableRowIsDocumentedOnce() throws {
        let documented = try Self.documented()
        #expect(Set(documented).count == documented.count, "a row is listed twice")
        let missing = Self.table.filter { !documented.contains($0) }
        #expect(missing.isEmpty, "codes not in docs/api-errors.md: \(missing)")
    }

    @Test func everyDocumentedCodeIsInTheTable() throws {
        let table = Set(Self.table)
        let stale = try Self.documented().filter { !table.contains($0) }
        #expect(stale.isEmpty, "documented codes the table does not have: \(stale)")
    }

    @Test func noTableRowIsDeclaredTwice() {
        #expect(Set(Self.table).count == Self.table.count)
    }

    @Test func anErrorTakesItsStatusAndDefaultMessageFromTheTable() {
        let error = HTTPError(.preconditionRequired)
        #expect(error.status == .preconditionRequired)
        #expect(error.code.identifier == "precondition-required")
        #expect(error.message == APIErrorCode.preconditionRequired.message)
        #expect(HTTPError(.unreadableField).code.identifier == HTTPError(.invalidField).code.identifier)
        #expect(HTTPError(.unreadableField).status == .badRequest)
        #expect(HTTPError(.invalidField).status == .unprocessableContent)
    }
}
