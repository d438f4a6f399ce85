//! Content bundles served by the content service (seed 000 §7 content calls, seed 002 §7.1).
//! English under `/-/api/{site}/{area}`, Spanish under `/-/api/es/{site}/{area}`.
//! Every user-visible text of the portal comes from these bundles, in both languages; a
//! bundle missing a key fails to parse, so a missing translation is caught in tests. An
//! unknown key is not an error of the types: the simulators read their bundles strictly
//! (`parse::from_str_strict`), the BFF reads the content service as every upstream
//! (`parse`: strict in harness mode, tolerant and logged in production).

use poem_openapi::Object;
use serde::{Deserialize, Serialize};

/// Declares a content section: a struct of required strings or nested sections, both
/// `poem_openapi::Object` and serde, camelCase on the wire.
macro_rules! section {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
        #[oai(rename_all = "camelCase")]
        #[serde(rename_all = "camelCase")]
        pub struct $name { $($(#[$fm])* pub $field: $ty),* }
    };
}

section!(
    /// A link with its label, URL and target (`_self` or `_blank`).
    Link { label: String, url: String, target: String }
);

section!(
    /// An error panel from content: title, description, optional image (seed 000 §8).
    ErrorPanel {
        title: String,
        description: String,
        #[oai(skip_serializing_if_is_none)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        image: Option<Image>,
    }
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
    /// `GET /-/api/{site}/buyflow`: the buy-flow content (seed 000 §2 buy-flow screens, §5
    /// messages, §8 error catalogue). The footer is always taken from the English bundle.
    Buyflow {
        buyflow_footer: Footer,
        /// Progress bar: accessible label and the title of each step.
        progress: BuyProgress,
        /// The closable warning banner.
        banner: BuyBanner,
        /// The header's log-out link (seed 000 §2).
        logout: BuyLogout,
        /// Entry `/{locale}/buy`: loading screen while the token is fetched.
        entry: Loading,
        /// Direct promo (step 0).
        direct_promo: BuyDirectPromo,
        /// Internet step (step 1).
        internet: BuyInternet,
        /// Broadband facts label for HSD_030 (seed 000 §1).
        broadband_label: BuyBroadbandLabel,
        /// Session hand-off loading screen.
        session: BuySessionTexts,
        /// Customer info form.
        customer_info: BuyCustomerInfo,
        /// Payment and delivery (`order-details`).
        payment: BuyPayment,
        /// Order review.
        review: BuyReview,
        /// Order confirmation.
        confirmation: BuyConfirmation,
        /// `/{locale}/buy/error`.
        error_page: ErrorPage,
        /// `/{locale}/buy/404` and the catch-all.
        not_found: NotFoundPage,
        /// Sticky cart bar and cart summary card.
        cart: BuyCartTexts,
        /// Names of what the provider answers in English or as codes (plans, promotions,
        /// shipping, card types), in the bundle's language.
        catalogue: BuyCatalogueTexts,
        /// Messages by business code (seed 000 §8).
        error_catalogue: ErrorCatalogue,
    }
);

section!(
    /// A modal dialog: title, body text and close-button label.
    BuyModal { title: String, body: String, close: String }
);

section!(
    /// Progress bar (seed 000 §2 "Progress bar values"): accessible name and step titles.
    BuyProgress {
        /// Accessible name of the progress bar; `{percent}` is replaced by the percent.
        aria_label: String,
        direct_promo: String,
        internet: String,
        session: String,
        customer_info: String,
        order_details: String,
        order_review: String,
        confirmation: String,
        error: String,
    }
);

section!(
    /// The warning banner (a notification the user can close).
    BuyBanner {
        /// Accessible name of the close button.
        close_label: String,
    }
);

section!(
    /// The log-out link of the buy-flow header (seed 000 §2): `url` is the provider's sign-out
    /// endpoint with the prepaid digital app's client id (`client_id=prepaid-digital`); the
    /// link is shown unless `disabled`. The merchant shell never shows it.
    BuyLogout { label: String, url: String, disabled: bool }
);

section!(
    /// Direct promo (step 0): hero, collapsible price and promo details, disclaimer, next.
    BuyDirectPromo {
        heading: String,
        description: String,
        hero_image: Image,
        /// Label of the collapsible price and promo details.
        details_toggle: String,
        price_details: String,
        promo_details: String,
        disclaimer_link: String,
        disclaimer_modal: BuyModal,
        next: String,
    }
);

section!(
    /// Internet step (step 1).
    BuyInternet {
        heading: String,
        pricing_summary: BuyPricingSummary,
        disclaimer_link: String,
        disclaimer_modal: BuyModal,
        product_details_link: String,
        product_details_modal: BuyModal,
        product_image: Image,
        next: String,
        /// Shown on Next when a promo exists and is not in the cart.
        promo_modal: BuyPromoModal,
    }
);

section!(
    /// Pricing summary of the internet step.
    BuyPricingSummary {
        heading: String,
        plan_name: String,
        /// Price text; `{price}` is replaced by the 30-day plan rate.
        price: String,
        period: String,
        features: Vec<String>,
        gateway_note: String,
    }
);

section!(
    /// The promo modal of the internet step: accepting adds the promo and goes on.
    BuyPromoModal { title: String, body: String, accept: String, close: String }
);

section!(
    /// Broadband facts label for HSD_030 (seed 000 §1). English: headings around the label
    /// the provider's plan-tier widget supplies (`BroadbandFacts`; `static_label` absent).
    /// Spanish: the static label.
    BuyBroadbandLabel {
        heading: String,
        /// Accessible name of the label region.
        region_label: String,
        /// Text shown while the provider's label loads.
        loading: String,
        /// Text shown when the provider's label cannot be fetched or has no label for the tier.
        unavailable: String,
        /// The static label with the seed's figures (Spanish bundle only).
        #[oai(skip_serializing_if_is_none)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        static_label: Option<BroadbandFactsLabel>,
    }
);

section!(
    /// A broadband facts label (seed 000 §1 figures): the Spanish bundle's static label, and
    /// the label of each tier the provider's plan-tier widget supplies. Prices and speeds are
    /// display texts (`$45`, `234.5 Mbps`, `18.4 ms`).
    BroadbandFactsLabel {
        title: String,
        provider: String,
        service_name: String,
        plans: Vec<BroadbandLabelPlan>,
        speed: String,
        /// Rows of the label: name and value.
        rows: Vec<BroadbandLabelRow>,
        gateway_note: String,
        taxes_note: String,
    }
);

section!(
    /// One plan of a broadband facts label: name, price text and period text.
    BroadbandLabelPlan { name: String, price: String, period: String }
);

section!(
    /// One row of a broadband facts label: name and value text.
    BroadbandLabelRow { name: String, value: String }
);

section!(
    /// The provider's broadband facts for the plan-tier widget (seed 000 §1; seed 002 §7.4
    /// "fetch broadband facts content for the plan-tier widget"), English only: one entry per
    /// requested tier id the provider has a label for under the requested service plan type
    /// and line of business, in the order requested. No such tier: `labels` is empty (a 200,
    /// as for any filter of a list; never a 404).
    BroadbandFacts { labels: Vec<TierBroadbandFacts> }
);

section!(
    /// The label of one plan tier: tier id (e.g. `HSD_030`), service plan type (`PREPAID`),
    /// line of business (`INTERNET`) and the label itself.
    TierBroadbandFacts {
        tier_id: String,
        service_plan_type: String,
        lob: String,
        label: BroadbandFactsLabel,
    }
);

section!(
    /// Session hand-off loading texts (seed 000 §2 Session).
    BuySessionTexts {
        /// Before the redirect to the identity router.
        pre_redirect: String,
        /// After coming back with `digitalSessionId`.
        post_redirect: String,
        /// Shown after 15 seconds on the loading screen.
        timed_message: String,
    }
);

section!(
    /// Customer info form (seed 000 §5).
    BuyCustomerInfo {
        heading: String,
        description: String,
        first_name_label: String,
        last_name_label: String,
        email_label: String,
        confirm_email_label: String,
        phone_label: String,
        phone_hint: String,
        /// Shown beside fields made read-only because the session holds the value.
        read_only_hint: String,
        messages: BuyCustomerInfoMessages,
        next: String,
    }
);

section!(
    /// The six per-field messages of seed 000 §5.
    BuyCustomerInfoMessages {
        first_name_missing: String,
        last_name_missing: String,
        email_missing: String,
        confirm_email_missing: String,
        email_mismatch: String,
        phone_invalid: String,
    }
);

section!(
    /// Payment and delivery (`/buy/order-details`).
    BuyPayment {
        heading: String,
        /// Title of the card-entry iframe.
        card_frame_title: String,
        auto_refill_label: String,
        auto_refill_hint: String,
        /// Card terms text shown with the card component.
        terms: String,
        shipping_heading: String,
        free_shipping: String,
        /// `{amount}` is replaced by the shipping charge, e.g. `$9.99`.
        shipping_charge: String,
        next: String,
        /// Heading of the payment-error alert.
        alert_heading: String,
    }
);

section!(
    /// Order review.
    BuyReview {
        heading: String,
        card_heading: String,
        card_type_label: String,
        /// `{last4}` is replaced by the last 4 digits.
        card_number: String,
        expiry_label: String,
        billing_address_label: String,
        change_payment: String,
        shipping_heading: String,
        shipping_method_label: String,
        shipping_address_label: String,
        your_information: BuyYourInformation,
        sms_opt_in: String,
        language_legend: String,
        language_english: String,
        language_spanish: String,
        consent: String,
        terms_link: String,
        terms_modal: BuyModal,
        complete_purchase: String,
        promo_tile: BuyPromoTile,
        /// Loading text while the order is submitted.
        submitting: String,
    }
);

section!(
    /// The your-information block of the review page.
    BuyYourInformation {
        heading: String,
        name_label: String,
        identifier_label: String,
        email_label: String,
        mobile_label: String,
        verified: String,
        unverified: String,
        verified_modal: BuyModal,
        unverified_modal: BuyModal,
    }
);

section!(
    /// Promo offer tile of the review page.
    BuyPromoTile { title: String, body: String, add: String }
);

section!(
    /// Order confirmation.
    BuyConfirmation {
        heading: String,
        /// `{email}` is replaced by the customer's e-mail.
        success: String,
        id_heading: String,
        id_body: String,
        order_number_label: String,
        account_id_label: String,
        order_total_label: String,
        subtotal_label: String,
        taxes_label: String,
        shipping_label: String,
        total_label: String,
        free: String,
        whats_next_heading: String,
        whats_next: Vec<FaqItem>,
    }
);

section!(
    /// Sticky cart bar and cart summary texts.
    BuyCartTexts {
        /// `{count}` is replaced by the item count.
        item_count: String,
        /// `{price}` is replaced by the formatted price.
        price: String,
        next: String,
        summary_heading: String,
        subtotal_label: String,
        taxes_label: String,
        total_label: String,
        promo_label: String,
    }
);

section!(
    /// A text for a code the provider sends: a plan's charge code, a promotion id, a
    /// shipping code.
    CodeText { code: String, text: String }
);

section!(
    /// What the provider's catalogue and promotions answer in English or only as a code, named
    /// in the bundle's language (issue 10): the web shows these texts, never the provider's
    /// English or an id.
    BuyCatalogueTexts {
        /// Plans by charge code (`ECO-HSD-030`); a plan not listed shows the catalogue's text.
        plans: Vec<CodeText>,
        /// Promotions by id (`P_NEWCUST35OFF_0126`): what the customer reads about it.
        promotions: Vec<CodeText>,
        /// A promotion not listed in `promotions` (its id is never shown).
        promotion_fallback: String,
        /// Shipping methods by code (`STD`).
        shipping_methods: Vec<CodeText>,
        /// A shipping code not listed in `shipping_methods`.
        shipping_fallback: String,
        /// Card types as customers know them, by the stored type (seed 000 §3 card type map).
        card_types: BuyCardTypes,
    }
);

section!(
    /// Card type names (`CardType` of the buy contract: `Visa`, `MASTER_CARD`, `Discover`,
    /// `AMERICAN_EXPRESS`, `OTHER`).
    BuyCardTypes { visa: String, master_card: String, discover: String, american_express: String, other: String }
);

section!(
    /// Error catalogue (seed 000 §8). Lookup (BFF): the code as given, then `_` turned into
    /// `-`; the request's locale, then English; else `generic` with `{phone}` replaced by
    /// `customer_care_phone`.
    ErrorCatalogue {
        /// Contains the placeholder `{phone}`.
        generic: String,
        customer_care_phone: String,
        /// Label put before the code when a group has `append_code` ("Error Code").
        code_label: String,
        groups: Vec<ErrorGroup>,
    }
);

section!(
    /// One message group of the catalogue: every code of `codes` shows `message`; with
    /// `append_code`, the message is followed by `code_label` and the code.
    ErrorGroup { codes: Vec<String>, message: String, append_code: bool }
);

section!(
    /// `GET /-/api/cart` (seed 000 §7): cart pages, cart texts and the content products.
    CartContent { cart_pages: Vec<ContentCartPage>, cart_content: ContentCartTexts, products: Vec<ContentProduct> }
);

section!(
    /// A page that shows the cart: page id and whether the sticky cart bar is shown.
    ContentCartPage { page: String, sticky: bool }
);

section!(
    /// Texts of the cart content.
    ContentCartTexts { heading: String, empty: String, remove_promo: String, add_promo: String }
);

section!(
    /// A content product entry (seed 000 §3): actual price = sum of the plan rates.
    ContentProduct { product_data: ContentProductData }
);

section!(
    /// Name, line of business and plans of a content product.
    ContentProductData { name: String, lob: String, plans: Vec<ContentPlan> }
);

section!(
    /// A plan of a content product; `rate` in dollars, 2 decimals, as a string.
    ContentPlan { charge_code: String, rate: String }
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
        not_found: NotFoundPage,
    }
);

section!(
    /// The not-found page (seed 000 §2 "Error and 404": animation and content text; seed 001
    /// §2: "oops", a resource-unavailable text, a link back and a secondary link).
    NotFoundPage {
        /// The short exclamation above the title ("Oops!").
        oops: String,
        title: String,
        /// The resource-unavailable text.
        description: String,
        back_label: String,
        back_url: String,
        /// The secondary link (e.g. help).
        secondary: Link,
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

section!(
    /// `GET /-/api/{site}/all`: the signed-in account area's shared texts (seed 001 §2 "Page
    /// shell", "Account picker", the handoff, error, timeout-error and permission-error pages;
    /// §3 content bundle `all`). The footer here is in the bundle's language.
    All {
        /// Header of the signed-in page shell.
        header: AccountHeader,
        /// Navigation items, in order; each one typed `refill`, `activate`, `account`, `chat`
        /// or `other` (seed 001 §2 "Page shell").
        navigation: Vec<NavItem>,
        /// Sticky bottom call to action (same buttons as the header, plus the promo banner).
        sticky_cta: StickyCta,
        /// Copyright and five links (label, URL, target); hidden in-app.
        footer: Footer,
        /// Session-timeout modal (seed 001 §2, §4 "Session and timeout").
        session_timeout: SessionTimeoutTexts,
        /// Sync-up modal (seed 001 §2).
        sync_up: SyncUpTexts,
        /// `/{locale}/handoff` (and `/`): the warm-transfer landing page.
        handoff: HandoffTexts,
        /// `/{locale}/account-picker`.
        account_picker: AccountPickerTexts,
        /// `/{locale}/timeout-error`: the session ended while idle, with a log-in-again link.
        timeout_error: TimeoutErrorTexts,
        /// `/{locale}/permission-error`: for a non-owner, with the signed-in identity's details.
        permission_error: PermissionErrorTexts,
    }
);

section!(
    /// Header of the signed-in shell.
    AccountHeader {
        /// The logo's image; its `alt` names the site.
        logo: Image,
        /// `Hi {name}`: `{name}` is replaced by the chosen first name, else the first name.
        greeting: String,
        /// Accessible name of the notification badge; `{count}` is replaced by the count.
        notifications_label: String,
        /// The log-out link's text.
        logout: String,
        /// The mobile menu button's accessible name.
        menu: String,
        /// Accessible name of the main navigation.
        navigation_label: String,
        /// Refill button (active accounts); `url` below the locale, e.g. `/refill`.
        refill: Link,
        /// Reactivate button (deactivated accounts); `url` below the locale, e.g. `/reconnect`.
        reactivate: Link,
    }
);

section!(
    /// One navigation item: a link, or (with `flyout` items) a button opening a flyout.
    /// `url`s starting with `/` are below the locale (`/dashboard` is `/{locale}/dashboard`).
    NavItem {
        /// `refill`, `activate`, `account`, `chat` or `other`.
        #[oai(rename = "type")]
        #[serde(rename = "type")]
        kind: String,
        label: String,
        url: String,
        target: String,
        /// The flyout's links (empty: the item is a plain link). Items linking to
        /// `detail-xitv` are hidden, move items (`url` containing `move`) too while a move is
        /// scheduled.
        flyout: Vec<Link>,
    }
);

section!(
    /// Sticky bottom call to action: the promo banner's text (a valid non-winback promo on an
    /// active account) and its accessible region name.
    StickyCta { label: String, promo: String }
);

section!(
    /// Session-timeout modal: 750 s after the last action, a 2:00 countdown (seed 001 §9).
    SessionTimeoutTexts {
        title: String,
        warning: String,
        /// Accessible text of the countdown circle; `{time}` is replaced by `m:ss`.
        countdown_label: String,
        keep_active: String,
        logout_now: String,
        close: String,
    }
);

section!(
    /// Sync-up modal (seed 001 §2): name, sign-in ID, mobile, e-mail, SMS opt-in, language.
    SyncUpTexts {
        title: String,
        description: String,
        name_label: String,
        sign_in_id_label: String,
        mobile_label: String,
        email_label: String,
        sms_opt_in: String,
        language_legend: String,
        english: String,
        spanish: String,
        submit: String,
        /// Shown while the sync-up is sent.
        submitting: String,
        /// The sync-up failed (any upstream failure): the modal stays open.
        failed: String,
        close: String,
    }
);

section!(
    /// The handoff page: title, description, create-ID and log-in buttons, FAQ accordion.
    HandoffTexts {
        title: String,
        description: String,
        create_id: String,
        log_in: String,
        faq_title: String,
        faq: Vec<FaqItem>,
        /// Shown while the sign-in is decoded or the provider's page is on its way.
        signing_in: String,
    }
);

section!(
    /// The account picker (seed 001 §2 "Account picker").
    AccountPickerTexts {
        title: String,
        subtitle: String,
        current_accounts: String,
        past_accounts: String,
        continue_label: String,
        unlisted_note: String,
        loading: String,
    }
);

section!(
    /// The session-inactive page, with a link that signs in again.
    TimeoutErrorTexts { title: String, description: String, login_again: String }
);

section!(
    /// The permission-error page: what the signed-in identity is, and a way out.
    PermissionErrorTexts {
        title: String,
        description: String,
        name_label: String,
        id_label: String,
        mobile_label: String,
        email_label: String,
        back: Link,
    }
);
