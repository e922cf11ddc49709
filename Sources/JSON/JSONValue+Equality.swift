/// Equality and hashing of trees without recursion: the synthesized versions recurse once per
/// level, which a deep tree (up to the reader's cap, or deeper when built in code) can turn into
/// a stack overflow on a worker thread with a small stack.
extension JSONValue {
    /// True when both trees have the same values, member keys and spans, in the same order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard a == b else { return false }
            case (.string(let a), .string(let b)):
                guard a == b else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for (x, y) in zip(a, b) {
                    guard x.span == y.span else { return false }
                    pending.append((x.value, y.value))
                }
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (x, y) in zip(a, b) {
                    guard x.key == y.key, x.keySpan == y.keySpan, x.value.span == y.value.span else {
                        return false
                    }
                    pending.append((x.value.value, y.value.value))
                }
            default:
                return false
            }
        }
        return true
    }

    /// Hashes the whole tree, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var pending: [JSONValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .null:
                hasher.combine(0)
            case .bool(let flag):
                hasher.combine(1)
                hasher.combine(flag)
            case .number(let number):
                hasher.combine(2)
                hasher.combine(number)
            case .string(let text):
                hasher.combine(3)
                hasher.combine(text)
            case .array(let elements):
                hasher.combine(4)
                hasher.combine(elements.count)
                for element in elements.reversed() {
                    hasher.combine(element.span)
                    pending.append(element.value)
                }
            case .object(let members):
                hasher.combine(5)
                hasher.combine(members.count)
                for member in members.reversed() {
                    hasher.combine(member.key)
                    hasher.combine(member.keySpan)
                    hasher.combine(member.value.span)
                    pending.append(member.value.value)
                }
            }
        }
    }
}
