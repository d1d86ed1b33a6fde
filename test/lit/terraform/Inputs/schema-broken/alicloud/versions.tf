terraform {
  required_providers {
    alicloud = { source = "aliyun/alicloud", version = ">= 1.200.0, < 2.0.0" }
  }
}
