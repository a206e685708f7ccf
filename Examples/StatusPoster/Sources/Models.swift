import Foundation

/// A status on the timeline.
public struct Post: Codable, Sendable, Equatable {
    /// The status id.
    public var id: Int
    /// Who posted it.
    public var user: String
    /// What it says.
    public var text: String

    /// A post with these fields.
    public init(id: Int, user: String, text: String) {
        self.id = id
        self.user = user
        self.text = text
    }
}

/// The service's answer to a posted status.
public struct PostedStatus: Codable, Sendable, Equatable {
    /// The new status id.
    public var id: Int
    /// The service's note about it.
    public var text: String

    /// A posted status with these fields.
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}

/// A review to create on a restaurant (`POST /restaurants/{id}/reviews`, JSON).
public struct NewReview: Codable, Sendable, Equatable {
    /// The headline.
    public var title: String
    /// One to five; nil to leave it out (the service rejects that with 422).
    public var stars: Int?

    /// A review with a title and, usually, stars.
    public init(title: String, stars: Int?) {
        self.title = title
        self.stars = stars
    }
}

/// A review the service created.
public struct Review: Codable, Sendable, Equatable {
    /// The review id.
    public var id: Int
    /// The headline.
    public var title: String

    /// A review with these fields.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// One field the service refused, from a 422 body (`{"errors":[{"field":…,"message":…}]}`).
public struct FieldProblem: Codable, Sendable, Equatable {
    /// The field's name in the request.
    public var field: String
    /// Why it was refused.
    public var message: String

    /// A problem with `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// Login details for Basic authentication.
public struct Credentials: Sendable, Equatable {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// Credentials for `user`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}
