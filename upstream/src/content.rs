//! Content bundles served by the content service (seed 000 §7 content calls, seed 002 §7.1).
//! English under `/-/api/{site}/{area}`, Spanish under `/-/api/es/{site}/{area}`.
//! Every user-visible text of the portal comes from these bundles, in both languages; a
//! bundle missing a key fails to parse, so a missing translation is caught in tests.

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Declares a content section: a struct of required strings or nested sections, both
/// `poem_openapi::Object` and serde, camelCase on the wire.
macro_rules! section {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
        #[oai(rename_all = "camelCase")]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $name { $($(#[$fm])* pub $field: $ty),* }
    };
}

section!(
    /// A link with its label, URL and target (`_self` or `_blank`).
    Link { label: String, url: String, target: String }
);

section!(
    /// An error panel from content: title, description, optional image (seed 000 §8).
    ErrorPanel { title: String, description: String, image: Option<Image> }
);

section!(
    /// An image with its alternative text.
    Image { src: String, alt: String }
);

section!(
    /// One question and answer of a FAQ accordion.
    FaqItem { question: String, answer: String }
);

section!(
    /// The footer: copyright statement and five links (seed 000 §2). Always English.
    Footer { copyright: String, links: Vec<Link> }
);

section!(
    /// `GET /-/api/{site}/buyflow`: the buy-flow content (the footer for now; the buy-flow
    /// steps join it with the buy flow).
    Buyflow { buyflow_footer: Footer }
);

section!(
    /// `GET /-/api/{site}/dictionary`: texts shared by every page.
    Dictionary {
        /// Name of the site, used in the page title and the logo's alt text.
        site_name: String,
        /// Label of the skip link to the main content.
        skip_to_content: String,
        /// Accessible name of the language toggle.
        language_toggle_label: String,
        /// Visible text of the toggle that switches to the other language.
        switch_to_language: String,
        /// Accessible name of the footer navigation.
        footer_nav_label: String,
        /// Generic loading text.
        loading: String,
        /// Close button label.
        close: String,
        /// Error page (`/{locale}/error`).
        error_page: ErrorPage,
        /// Not-found page.
        not_found: ErrorPage,
    }
);

section!(
    /// A full-page error: title, description and a link back.
    ErrorPage { title: String, description: String, back_label: String, back_url: String }
);

section!(
    /// `GET /-/api/{site}/merchant-flow`: the retail-partner starter-kit flow (seed 000 §2).
    MerchantFlow {
        /// Document title of the flow's page.
        page_title: String,
        address_check: AddressCheck,
        validate_address: Loading,
        address_errors: AddressErrors,
        multi_unit: MultiUnit,
        serviceable: Serviceable,
        assign_errors: AssignErrors,
        unserviceable: Notice,
        existing_prepaid: ExistingPrepaid,
        existing_postpaid: ExistingPostpaid,
        code_check_submit: Loading,
        ready_to_buy: ReadyToBuy,
    }
);

section!(
    /// Stage addressCheck and its move variant.
    AddressCheck {
        heading: String,
        subheading: String,
        move_heading: String,
        move_subheading: String,
        street_label: String,
        unit_label: String,
        zip_label: String,
        submit: String,
        /// "a valid address is required".
        street_required: String,
        /// "please enter a valid zip code".
        zip_invalid: String,
        /// Text before the chat link.
        chat_prompt: String,
        chat_link: Link,
        /// Accessible name of the suggestion list.
        suggestions_label: String,
    }
);

section!(
    /// A loading stage (validateAddress, codeCheckSubmit).
    Loading { text: String }
);

section!(
    /// Address-check errors (seed 000 §8): unfound address; content or connection error.
    AddressErrors { invalid_address: ErrorPanel, connection: ErrorPanel, try_again: String }
);

section!(
    /// Stage addressMultiUnit.
    MultiUnit {
        heading: String,
        description: String,
        filter_label: String,
        list_label: String,
        no_units: String,
        back: String,
        try_another: String,
        confirm: String,
        pagination_label: String,
        previous: String,
        next: String,
        /// Accessible page label; `{page}` is replaced by the page number.
        page_label: String,
    }
);

section!(
    /// Stage serviceable: device code and mobile number.
    Serviceable {
        heading: String,
        description: String,
        eligible_address_label: String,
        change_address: String,
        device_code_label: String,
        device_code_hint: String,
        /// Shown when the code is not exactly 6 digits.
        device_code_invalid: String,
        phone_label: String,
        /// Shown when the number is not a valid US 10-digit number.
        phone_invalid: String,
        submit: String,
    }
);

section!(
    /// Messages on the device-code field after assign (seed 000 §8).
    AssignErrors {
        /// BUS_VAN_ASSIGN_015.
        device_code_not_found: String,
        /// BUS_VAN_ASSIGN_004, _016, _022.
        device_code_error: String,
        /// Any other business error.
        generic: String,
    }
);

section!(
    /// A notice with a heading, a description and one button.
    Notice { heading: String, description: String, button: String }
);

section!(
    /// Stage existingPrepaidAccount.
    ExistingPrepaid { heading: String, description: String, my_account: Link, back: String }
);

section!(
    /// Stage existingPostpaidAccount: is it your account? my-account link or moving option.
    ExistingPostpaid {
        heading: String,
        question: String,
        my_account: Link,
        moving: String,
        moving_heading: String,
        moving_steps: Vec<String>,
        back: String,
    }
);

section!(
    /// Stage readytobuy (seed 000 §2 step 8).
    ReadyToBuy {
        heading: String,
        description: String,
        /// The 48-hour installation note for a cold-tap address.
        cold_tap_note: String,
        product_image: Image,
        promo_title: String,
        promo_body: String,
        heads_up_title: String,
        heads_up_body: String,
        heads_up_close: String,
        faq_heading: String,
        faq: Vec<FaqItem>,
    }
);
