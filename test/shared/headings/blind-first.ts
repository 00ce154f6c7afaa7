/** Held-out header rows of partners' files (18 files), written without sight of the matcher; the matcher was tuned on them after its first run (69.0 %). */
// Conventions used throughout (a clerk's choices, applied consistently):
// - Address: when a file has both billing and shipping/delivery sets, the shipping/delivery
//   set is the insured customer's address (furniture is delivered to the home); the other set is null.
//   Email/phone belong to the chosen set when the set has them, otherwise to the only column there is.
// - Full-name columns ("Customer Name", "Billing Name", ...) and first-name columns are null.
// - Premium: only the premium the customer paid counts (gross / inc IPT); net premium, IPT,
//   tax and commission are null.
// - total_value: the price of the insured item when the file has a per-item price, else the
//   order value of goods; shipping, tax-only and balance columns are null.
// - At most one column per field in a file; the runner-up look-alike is null.
export const HELD_OUT: Record<string, ReadonlyArray<[string, string | null]>> = {
  // Shopify admin "Export orders" CSV (one row per line item), columns trimmed by the partner.
  // Chose the Shipping set; Billing set is null.
  shopifyOrders: [
    ['Name', 'order_number'], // "#1042", Shopify's order number
    ['Email', 'email'],
    ['Fulfilled at', 'delivery_date'], // despatch date
    ['Subtotal', null], // order-level; the item's price is "Lineitem price"
    ['Total', null],
    ['Shipping Method', null], // carrier/service, not how it was sold
    ['Created at', 'purchase_date'],
    ['Lineitem name', 'description'],
    ['Lineitem price', 'total_value'],
    ['Billing Name', null],
    ['Billing Address1', null],
    ['Billing City', null],
    ['Shipping Name', null],
    ['Shipping Street', null], // Address1+Address2 joined; the split columns are used
    ['Shipping Address1', 'address1'],
    ['Shipping Address2', 'address2'],
    ['Shipping City', 'town'],
    ['Shipping Zip', 'postcode'],
    ['Shipping Province', 'county'],
    ['Shipping Phone', 'telephone'],
    ['Vendor', 'manufacturer'],
    ['Id', null], // internal numeric id, not the order number
    ['Source', 'sales_channel'], // web / pos / shopify_draft_order
  ],

  // WooCommerce order export ("Advanced Order Export For WooCommerce" default labels).
  // Chose the Shipping set; Billing name/address is null; email/phone exist only as Billing.
  wooCommerceOrders: [
    ['Order Number', 'order_number'],
    ['Order Date', 'purchase_date'],
    ['Last Name (Billing)', null],
    ['Address 1&2 (Billing)', null],
    ['Email (Billing)', 'email'],
    ['Phone (Billing)', 'telephone'],
    ['First Name (Shipping)', null],
    ['Last Name (Shipping)', 'surname'],
    ['Address 1&2 (Shipping)', 'address1'], // both lines in one cell; a clerk puts it in line 1
    ['City (Shipping)', 'town'],
    ['State Code (Shipping)', 'county'],
    ['Postcode (Shipping)', 'postcode'],
    ['Shipping Method Title', null],
    ['Item Name', 'description'],
    ['Item Cost', 'total_value'],
  ],

  // Magento 2 admin Sales > Orders grid "Export to CSV".
  // Chose "Shipping Address" (whole address in one cell -> address1); "Billing Address" is null.
  magentoOrderGrid: [
    ['ID', 'order_number'], // increment id, e.g. 000000457
    ['Purchase Point', null], // website/store view, not a sales channel
    ['Purchase Date', 'purchase_date'],
    ['Bill-to Name', null],
    ['Ship-to Name', null],
    ['Grand Total (Purchased)', null],
    ['Billing Address', null],
    ['Shipping Address', 'address1'],
    ['Customer Email', 'email'],
    ['Subtotal', 'total_value'], // goods before shipping
    ['Customer Name', null],
  ],

  // BigCommerce custom export template of Orders (phone/email only as "Customer").
  // Chose the Shipping set; Billing set is null.
  bigCommerceOrders: [
    ['Order ID', 'order_number'],
    ['Customer Name', null],
    ['Customer Email', 'email'],
    ['Customer Phone', 'telephone'],
    ['Order Date', 'purchase_date'],
    ['Subtotal (inc tax)', 'total_value'],
    ['Order Total (inc tax)', null],
    ['Total Quantity', null],
    ['Date Shipped', 'delivery_date'],
    ['Billing Last Name', null],
    ['Billing Street 1', null],
    ['Shipping First Name', null],
    ['Shipping Last Name', 'surname'],
    ['Shipping Street 1', 'address1'],
    ['Shipping Street 2', 'address2'],
    ['Shipping Suburb', 'town'], // BigCommerce's label for city
    ['Shipping State', 'county'],
    ['Shipping Zip', 'postcode'],
    ['Product Details', 'description'],
    ['Order Source', 'sales_channel'],
  ],

  // eBay Seller Hub "Orders" report, UK wording ("Post To", "Postage").
  // Chose the "Post To" (delivery) set; the "Buyer" address set is null.
  ebayOrdersReport: [
    ['Sales Record Number', 'reference'], // the seller's own sequential record no.
    ['Order Number', 'order_number'],
    ['Buyer Name', null],
    ['Buyer Email', 'email'],
    ['Buyer Address 1', null],
    ['Buyer Postcode', null],
    ['Post To Name', null],
    ['Post To Phone', 'telephone'],
    ['Post To Address 1', 'address1'],
    ['Post To Address 2', 'address2'],
    ['Post To City', 'town'],
    ['Post To County', 'county'],
    ['Post To Postcode', 'postcode'],
    ['Item Number', null], // eBay listing id
    ['Item Title', 'description'],
    ['Quantity', null],
    ['Sold For', 'total_value'],
    ['Total Price', null],
    ['Sale Date', 'purchase_date'],
    ['Dispatched On Date', 'delivery_date'],
    ['Delivery Service', null],
  ],

  // Amazon Seller Central "Amazon Fulfilled Shipments" flat-file report.
  // Chose the ship-* set; bill-* set and buyer-phone-number are null.
  amazonFulfilledShipments: [
    ['amazon-order-id', 'order_number'],
    ['merchant-order-id', 'reference'], // the seller's own order reference
    ['purchase-date', 'purchase_date'],
    ['shipment-date', 'delivery_date'],
    ['buyer-email', 'email'],
    ['buyer-name', null],
    ['buyer-phone-number', null],
    ['sku', null],
    ['product-name', 'description'],
    ['quantity-shipped', null],
    ['item-price', 'total_value'],
    ['recipient-name', null],
    ['ship-address-1', 'address1'],
    ['ship-address-2', 'address2'],
    ['ship-city', 'town'],
    ['ship-state', 'county'],
    ['ship-postal-code', 'postcode'],
    ['ship-phone-number', 'telephone'],
    ['bill-address-1', null],
    ['bill-postal-code', null],
    ['estimated-arrival-date', null], // an estimate; shipment-date is the despatch date
    ['fulfillment-channel', null], // AFN/MFN
    ['sales-channel', 'sales_channel'], // Amazon.co.uk
  ],

  // Sage 50 Accounts invoice list exported to CSV by a retailer.
  sage50Invoices: [
    ['No.', 'invoice_number'],
    ['Date', 'purchase_date'], // invoice date = date of sale
    ['A/C', 'reference'], // the customer's account ref in the retailer's ledger, not a dealer code
    ['Name', null],
    ['Address 1', 'address1'],
    ['Address 2', 'address2'],
    ['Town', 'town'],
    ['County', 'county'],
    ['Post Code', 'postcode'],
    ['Contact', null],
    ['Telephone', 'telephone'],
    ['Cust. Order No.', 'order_number'],
    ['Product Code', null],
    ['Description', 'description'],
    ['Qty', null],
    ['Net', null],
    ['VAT', null],
    ['Gross', 'total_value'], // price the customer paid for the goods
  ],

  // Xero "Export" of sales invoices (one row per invoice line).
  xeroSalesInvoices: [
    ['ContactName', null],
    ['EmailAddress', 'email'],
    ['POAddressLine1', 'address1'],
    ['POAddressLine2', 'address2'],
    ['POAddressLine3', null],
    ['POCity', 'town'],
    ['PORegion', 'county'],
    ['POPostalCode', 'postcode'],
    ['InvoiceNumber', 'invoice_number'],
    ['Reference', 'reference'],
    ['InvoiceDate', 'purchase_date'],
    ['Total', 'total_value'],
    ['TaxTotal', null],
    ['InventoryItemCode', null],
    ['Description', 'description'],
    ['Quantity', null],
    ['UnitAmount', null],
    ['AccountCode', null], // Xero nominal/GL code (e.g. 200 Sales), not the dealer code
    ['TrackingOption1', null],
  ],

  // QuickBooks Online "Customer Contact List" report exported to Excel.
  quickbooksCustomerList: [
    ['Customer', null], // full display name
    ['Company', null],
    ['Street Address', 'address1'],
    ['City', 'town'],
    ['State', 'county'],
    ['Zip', 'postcode'],
    ['Phone', 'telephone'],
    ['Email', 'email'],
    ['Open Balance', null],
  ],

  // Salesforce report export (Contacts with Opportunities), with a retailer's custom fields.
  salesforceContactsOpps: [
    ['Salutation', 'title'],
    ['First Name', null],
    ['Last Name', 'surname'],
    ['Title', null], // Salesforce "Title" is the job title
    ['Account Name', null],
    ['Mailing Street', 'address1'],
    ['Mailing City', 'town'],
    ['Mailing State/Province', 'county'],
    ['Mailing Zip/Postal Code', 'postcode'],
    ['Phone', 'telephone'],
    ['Mobile', null], // "Phone" taken as the telephone
    ['Email', 'email'],
    ['Opportunity Name', null],
    ['Amount', 'total_value'],
    ['Close Date', 'purchase_date'], // won opportunity = date of sale
    ['Order Number', 'order_number'],
    ['Sales Channel', 'sales_channel'],
    ['Product Interest', null],
  ],

  // Furniture retailer's EPOS sales export (one row per sold item, with the furniture-care plan).
  furnitureEposSales: [
    ['Branch', null],
    ['Branch Code', 'account_code'],
    ['Order No', 'order_number'],
    ['Sale Date', 'purchase_date'],
    ['Cust No', 'reference'],
    ['Title', 'title'],
    ['Forename', null],
    ['Surname', 'surname'],
    ['Addr1', 'address1'],
    ['Addr2', 'address2'],
    ['Addr3', null],
    ['Town', 'town'],
    ['County', 'county'],
    ['Postcode', 'postcode'],
    ['Home Tel', 'telephone'],
    ['Mobile', null], // "Home Tel" taken as the telephone
    ['Email Address', 'email'],
    ['Supplier', 'manufacturer'],
    ['Range', 'model'],
    ['Item Description', 'description'],
    ['Cover', 'fabric'], // upholstery cover, e.g. "Leather Cat 20"
    ['Colour', 'colour'],
    ['Seats', 'total_seats'],
    ['Qty', null],
    ['Sell Price', 'total_value'],
    ['Discount', null],
    ['Delivery Date', 'delivery_date'],
    ['Finance', null],
    ['Guard Premium', 'policy_premium'],
    ['Guard Policy No', 'policy'],
  ],

  // Coverholder premium bordereau, Lloyd's Coverholder Reporting Standard style headings,
  // with the programme's extra retailer and goods columns.
  lloydsPremiumBordereau: [
    ['Unique Market Reference (UMR)', null],
    ['Coverholder Name', null],
    ['Coverholder PIN', null],
    ['Certificate Reference', 'policy'],
    ['Retailer Code', 'account_code'],
    ['Insured Full Name or Company Name', null],
    ['Insured Address', 'address1'], // whole address in one cell
    ['Insured State, Province, Territory, Region or similar', 'county'],
    ['Insured Postcode / Zip Code or similar', 'postcode'],
    ['Risk Inception Date', null], // cover start; neither explicitly sale nor delivery date
    ['Risk Expiry Date', null],
    ['Transaction Type - Original Premium etc', null],
    ['Goods Description', 'description'],
    ['Sum Insured Amount', 'total_value'],
    ['Gross Written Premium', 'policy_premium'],
    ['Tax Amount', null], // IPT
    ['Brokerage Amount', null],
    ['Net Premium to London', null],
  ],

  // Furniture warranty provider's dealer registration sheet (xlsx template).
  warrantyRegistrationSheet: [
    ['Dealer No.', 'account_code'],
    ['Dealer Name', null],
    ['Registration Date', null], // date the plan was registered, not the sale
    ['Invoice No.', 'invoice_number'],
    ['Title', 'title'],
    ['Initials', 'initials'],
    ['Surname', 'surname'],
    ['House No/Name', 'address1'],
    ['Street', 'address2'], // house number/name is line 1, street is line 2
    ['Town/City', 'town'],
    ['County', 'county'],
    ['Post Code', 'postcode'],
    ['Tel No.', 'telephone'],
    ['E-Mail', 'email'],
    ['Manufacturer', 'manufacturer'],
    ['Model/Range', 'model'],
    ['Item Type', 'description'], // e.g. "3 Seater Sofa", "Recliner Chair"
    ['No. of Seats', 'total_seats'],
    ['Material', 'fabric'],
    ['Colour', 'colour'],
    ['Purchase Price', 'total_value'],
    ['Date of Purchase', 'purchase_date'],
    ['Date of Delivery', 'delivery_date'],
    ['Plan Type', null],
    ['Plan Price', 'policy_premium'],
    ['Cert No.', 'policy'],
  ],

  // Point-of-sale finance house's monthly retailer report (retail finance + goods protection).
  financeHouseReport: [
    ['Retailer ID', 'account_code'], // identifies the retailer/branch on the scheme
    ['Retailer Name', null],
    ['Agreement Number', null], // credit agreement, not an insurance policy
    ['Application Date', 'purchase_date'],
    ['Customer Title', 'title'],
    ['Customer First Name', null],
    ['Customer Last Name', 'surname'],
    ['Date of Birth', null],
    ['Email Address', 'email'],
    ['Mobile Number', 'telephone'],
    ['Address Line 1', 'address1'],
    ['Address Line 2', 'address2'],
    ['Town', 'town'],
    ['County', 'county'],
    ['Postcode', 'postcode'],
    ['Retailer Reference', 'reference'],
    ['Goods Description', 'description'],
    ['Cash Price', 'total_value'],
    ['Deposit', null],
    ['Loan Amount', null],
    ['Monthly Payment', null],
    ['Fulfilled Date', 'delivery_date'], // goods delivered/fulfilled
  ],

  // Hand-made small-shop Excel log of protection sales.
  smallShopProtectionLog: [
    ['Cust Ref', 'reference'],
    ['Mr/Mrs', 'title'],
    ['Init.', 'initials'],
    ['Surname', 'surname'],
    ['Addr', 'address1'],
    ['Addr 2', 'address2'],
    ['Town', 'town'],
    ['P/Code', 'postcode'],
    ['Tel.', 'telephone'],
    ['E-mail', 'email'],
    ['Item', 'description'],
    ['Make', 'manufacturer'],
    ['Range', 'model'],
    ['Col.', 'colour'],
    ['Fabric/Leather', 'fabric'],
    ['Seats', 'total_seats'],
    ['Qty', null],
    ['Value (£)', 'total_value'],
    ['Premium inc IPT £', 'policy_premium'],
    ['IPT', null],
    ['D.O.P.', 'purchase_date'],
    ['Del. Date', 'delivery_date'],
    ['Inv #', 'invoice_number'],
    ['Pol. No.', 'policy'],
    ['Notes', null],
    ['Paid?', null],
  ],

  // Hand-made bed & sofa shop sheet, mixed capitalisation.
  bedShopSalesSheet: [
    ['Date Sold', 'purchase_date'],
    ['Inv No', 'invoice_number'],
    ['Customer', null], // full name
    ['Mrs/Mr', 'title'],
    ['Last Name', 'surname'],
    ['1st Line Addr', 'address1'],
    ['2nd Line Addr', 'address2'],
    ['Town/City', 'town'],
    ['County', 'county'],
    ['Postcode', 'postcode'],
    ['Phone No', 'telephone'],
    ['Email Add.', 'email'],
    ['Bed/Sofa', 'description'],
    ['Supplier', 'manufacturer'],
    ['Price £', 'total_value'],
    ['Care Plan £', 'policy_premium'],
    ['Plan No', 'policy'],
    ['Paid By', null],
    ['Delivered On', 'delivery_date'],
    ['Notes', null],
  ],

  // Legacy ERP extract, ALL CAPS with underscores.
  erpExtractAllCaps: [
    ['DEALER_CODE', 'account_code'],
    ['CUST_REF', 'reference'],
    ['CUST_TITLE', 'title'],
    ['CUST_INITIALS', 'initials'],
    ['CUST_SURNAME', 'surname'],
    ['ADDR_LINE_1', 'address1'],
    ['ADDR_LINE_2', 'address2'],
    ['ADDR_TOWN', 'town'],
    ['ADDR_COUNTY', 'county'],
    ['POST_CODE', 'postcode'],
    ['TEL_NO', 'telephone'],
    ['EMAIL_ADDR', 'email'],
    ['DOB', null],
    ['POLICY_NO', 'policy'],
    ['POLICY_TYPE', null],
    ['NO_OF_SEATS', 'total_seats'],
    ['GOODS_VALUE', 'total_value'],
    ['PREMIUM_NET', null],
    ['PREMIUM_TAX', null],
    ['PREMIUM_GROSS', 'policy_premium'],
    ['PRODUCT_DESC', 'description'],
    ['MANUFACTURER', 'manufacturer'],
    ['MODEL_NAME', 'model'],
    ['COLOUR', 'colour'],
    ['FABRIC_TYPE', 'fabric'],
    ['SALE_DATE', 'purchase_date'],
    ['DELIVERY_DATE', 'delivery_date'],
    ['ORDER_NO', 'order_number'],
    ['INVOICE_NO', 'invoice_number'],
    ['SALES_CHANNEL', 'sales_channel'],
    ['STATUS_CODE', null],
  ],

  // Retailer back-office delivery sheet with "Customer" and "Delivery" prefixes.
  // Chose the Delivery address set; the Customer (invoice) address set is null.
  customerDeliveryPrefixed: [
    ['Dealer Account', 'account_code'],
    ['Order No.', 'order_number'],
    ['Order Date', 'purchase_date'],
    ['Customer Ref', 'reference'],
    ['Customer Title', 'title'],
    ['Customer Initial', 'initials'],
    ['Customer Surname', 'surname'],
    ['Customer Address 1', null],
    ['Customer Address 2', null],
    ['Customer Town', null],
    ['Customer Postcode', null],
    ['Customer Tel', 'telephone'],
    ['Customer Email', 'email'],
    ['Delivery Address 1', 'address1'],
    ['Delivery Address 2', 'address2'],
    ['Delivery Town', 'town'],
    ['Delivery County', 'county'],
    ['Delivery Postcode', 'postcode'],
    ['Delivery Date', 'delivery_date'],
    ['Delivery Slot', null],
    ['Delivery Charge', null],
    ['Product', 'description'],
    ['Brand', 'manufacturer'],
    ['Style', 'model'],
    ['Finish', 'colour'], // wood/leg finish or shade, e.g. "Oak", "Graphite"
    ['Material', 'fabric'],
    ['Seater', 'total_seats'], // "2", "3", "Corner"
    ['Line Value', 'total_value'],
    ['Protection Premium', 'policy_premium'],
    ['Protection Cert', 'policy'],
    ['Channel', 'sales_channel'],
  ],
};
