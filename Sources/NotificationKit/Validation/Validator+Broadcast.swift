extension Validator {
    /// The target these headers go to: what the caller declared, else a broadcast exactly when
    /// `apns-channel-id` is present.
    func target(of headers: APNsHeaders) -> APNsRequestTarget {
        APNsRequestTarget.implied(by: headers, declared: target)
    }

    /// Checks the shape of a broadcast request (apns-rules.md §7 [BCAST], §8 [BCASTERR]): the
    /// channel id instead of a topic, `liveactivity` only, priority and expiration both required,
    /// and no `start` (broadcasts cannot start a Live Activity).
    func checkBroadcast(_ headers: APNsHeaders, facts: PayloadFacts, sink: inout DiagnosticSink) {
        if let channel = headers.channelID {
            if !Self.isBase64(channel) {
                sink.emit(
                    .broadcastChannelFormat, "header:apns-channel-id", at: nil,
                    "apns-channel-id \"\(channel.prefix(60))\" is not base64 text (A–Z, a–z, 0–9, +, / and = "
                        + "padding, a multiple of 4 characters), as the channel creation response gives it; "
                        + "APNs answers 400 BadChannelId.")
            }
        } else {
            sink.emit(
                .broadcastChannelMissing, "header:apns-channel-id", at: nil,
                "A broadcast needs apns-channel-id, the base64 channel id APNs returned when the channel "
                    + "was created; APNs answers 400 MissingChannelId.")
        }
        if headers.topic != nil {
            sink.emit(
                .broadcastTopic, "header:apns-topic", at: nil,
                "A broadcast names the app in its path (/4/broadcasts/apps/<bundle ID>) and sends no "
                    + "apns-topic; APNs answers TopicDisallowed (or 403 TopicMismatch). Remove the header.")
        }
        if headers.pushType != "liveactivity" {
            let given = headers.pushType.map { "\"\($0)\"" } ?? "no apns-push-type (MissingPushType)"
            sink.emit(
                .broadcastPushType, "header:apns-push-type", at: nil,
                "A broadcast carries only Live Activity updates: apns-push-type must be liveactivity, not "
                    + given + ".")
        }
        if headers.priority == nil {
            sink.emit(
                .broadcastPriorityMissing, "header:apns-priority", at: nil,
                "A broadcast must say its apns-priority (10 now, or 5 when power allows); the broadcast "
                    + "API has no default.")
        }
        if let expiration = headers.expiration {
            if let seconds = Int64(expiration), seconds != 0 {
                sink.emit(
                    .broadcastExpirationStorage, "header:apns-expiration", at: nil,
                    "A nonzero apns-expiration is accepted only on a channel created with Most Recent "
                        + "Message Stored (message-storage-policy 1, kept at most 8 hours); a No Message "
                        + "Stored channel rejects it. Send 0 on such a channel.")
            }
        } else {
            sink.emit(
                .broadcastExpirationMissing, "header:apns-expiration", at: nil,
                "A broadcast must say its apns-expiration: 0 (deliver once, store nothing; the only value "
                    + "a No Message Stored channel accepts) or a UNIX time.")
        }
        if facts.event == "start", let event = facts.aps("event") {
            sink.emit(
                .broadcastStart, "$.aps.event", at: event.value.span,
                "A broadcast cannot start a Live Activity; start it with a push-to-start token (or in the "
                    + "app with pushType: .channel) and broadcast only update and end.")
        }
    }

    /// True for standard base64: the 64-character alphabet, a multiple of 4, `=` only at the end.
    static func isBase64(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return false }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return bytes.dropLast(padding).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                true
            default: false
            }
        }
    }
}
