/// Reading one cookie out of a `Cookie` request header: the one rule both the session cookie and
/// the device cookie use.
enum CookieHeader {
    /// The value of the cookie called `name`, or nil when there is none, or several (one planted
    /// for a parent domain, say: the server cannot tell which is its own).
    static func value(named name: String, in header: String) -> Substring? {
        var found: Substring?
        var count = 0
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " || $0 == "\t" }
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
            count += 1
            var value = trimmed[trimmed.index(after: equals)...]
            while value.last == " " || value.last == "\t" { value = value.dropLast() }
            found = value
        }
        return count == 1 ? found : nil
    }
}
