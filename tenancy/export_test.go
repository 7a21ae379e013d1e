package tenancy

// MovedGrace lets tests shorten how long a moved space's old place stays.
var MovedGrace = &movedGrace
