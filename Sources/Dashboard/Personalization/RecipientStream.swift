import HTTPKit
import Personalization

/// The JSON Lines form of `…/render`: the body (bounded by the server's body limit) is read a
/// line at a time and each line's result is written as it is rendered, with its own status
/// (200 or 422), so one recipient's refusal never fails the others.
enum RecipientStream {
    /// The media type of both the request and the answer.
    static let mediaType = "application/x-ndjson"

    static func respond(_ body: [UInt8], line renderer: RecipientLine) -> Response {
        var output: [UInt8] = []
        output.reserveCapacity(body.count * 2)
        var number = 0
        var start = 0
        while start < body.count {
            let end = body[start...].firstIndex(of: UInt8(ascii: "\n")) ?? body.count
            number += 1
            var slice = body[start..<end]
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            let before = output.count
            let valid = renderer.render(slice, number: number, to: &output)
            // Each line says its own status after its line number: `{"line":N,"status":422,…`.
            let status = Array((valid ? ",\"status\":200" : ",\"status\":422").utf8)
            if let comma = output[before...].firstIndex(of: UInt8(ascii: ",")) {
                output.insert(contentsOf: status, at: comma)
            }
            start = end + 1
        }
        return Response(status: .ok, headers: ["Content-Type": mediaType], body: output)
    }
}
