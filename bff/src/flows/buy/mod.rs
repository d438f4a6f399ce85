//! New-customer buy flow (seed 000 §2-§9; tags buy, payments, session): the BFF holds the
//! order in a server-side buy context and builds every upstream payload itself.
//!
//! - [`api`] (tag buy), [`payments`] (tag payments), [`digital_session`] (the identity
//!   router hand-off, tag session): the operations; [`types`]: their request and answer types;
//! - [`context`]: the buy context, whose methods own the flow's state changes;
//! - [`order`]: the submit-order payload and outcome (§3, §4, §7); [`customer`]:
//!   customer-info validation and the billing-name split (§4, §5); [`identity`]: the
//!   identity-router choice and URL (§2).

pub mod api;
pub mod card_type;
pub mod context;
pub mod customer;
pub mod digital_session;
pub mod identity;
pub mod order;
pub mod payments;
pub mod types;
