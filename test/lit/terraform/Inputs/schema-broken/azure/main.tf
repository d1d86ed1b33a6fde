provider "azurerm" {
  subscription_id = "00000000-0000-0000-0000-000000000000"
}

resource "azurerm_linux_virtual_machine" "node" {
  name                  = "node-0"
  location              = "eastus"
  resource_group_name   = "rg"
  network_interface_ids = []

  dynamic "os_dsik" {
    for_each = [1]
    content {}
  }
}
