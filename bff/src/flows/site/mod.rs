//! Calls every page shares: content bundles ([`content`], the signed-in area's in
//! [`account_content`], tag content), the anonymous
//! session and its CSRF token ([`token`], tag session), its end ([`logout`]), liveness ([`health`]).

pub mod account_content;
pub mod content;
pub mod health;
pub mod logout;
pub mod token;
