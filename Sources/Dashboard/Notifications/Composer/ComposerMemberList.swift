import Foundation
import JSON
import NotificationKit

/// Object members edited in place: `set` replaces a member where it stands or appends it,
/// `set(_, nil)` removes it, so untouched members keep their order.
struct ComposerMemberList {
    /// The members, in order.
    var members: [JSONMember]

    init(_ members: [JSONMember]) {
        self.members = members
    }

    /// Sets `key` to `value` (built with `JSONObjectBuilder`), or removes it when `value` is nil.
    mutating func set(_ key: String, _ value: JSONValue?) {
        guard let value else {
            members.removeAll { $0.key == key }
            return
        }
        let member = JSONObjectBuilder().setting(key, value).members[0]
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index] = member
        } else {
            members.append(member)
        }
    }

    /// This list with `key` set, for chaining.
    func setting(_ key: String, _ value: JSONValue?) -> ComposerMemberList {
        var copy = self
        copy.set(key, value)
        return copy
    }
}

extension String {
    /// The text without surrounding whitespace, or nil when nothing is left.
    var nilIfBlank: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
