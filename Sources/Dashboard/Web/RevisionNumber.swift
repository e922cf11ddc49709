import HTTPKit

/// A revision number in an address: a whole number from 1, written without sign or leading
/// zeros, so `/revisions/01` and `/revisions/+1` are not other names of revision 1.
struct RevisionNumber: Sendable, Equatable {
    /// The number.
    let value: Int

    /// The number `text` spells; nil for anything else.
    init?(_ text: String) {
        guard let number = Int(text), number > 0, String(number) == text else { return nil }
        value = number
    }

    /// The API's `{revision}` parameter; a 400 `invalid-revision` when it is not a number from 1.
    static func require(_ parameters: RouteParameters) throws -> Int {
        let text = try parameters.require("revision")
        guard let number = RevisionNumber(text) else {
            throw HTTPError(
                .invalidRevision, message: "A revision is a whole number from 1, not \"\(text)\".")
        }
        return number.value
    }
}
